import type { CustomerDirectory } from '../license/customers/customer-directory';
import { Problems } from '../support/problems';
import { parseBuyer, siteBuyer, splitName } from './checkout-buyer';

/** The checkout's buyer (docs/commerce.md "Checkout"). */
function parse(raw: unknown, scope: 'client' | 'admin' = 'client') {
  const problems = new Problems();
  return { buyer: parseBuyer(raw, scope, problems), params: problems.params };
}

describe('the checkout’s buyer', () => {
  it('takes an email (lower case) and a trimmed name; none when absent', () => {
    expect(parse({ email: 'Ada@Example.COM', name: '  Ada Lovelace ' })).toEqual({
      buyer: { email: 'ada@example.com', name: 'Ada Lovelace', customerId: null },
      params: {},
    });
    expect(parse(undefined)).toEqual({ buyer: undefined, params: {} });
    expect(parse(null)).toEqual({ buyer: undefined, params: {} });
  });

  it('takes a customer_id from an admin key only', () => {
    expect(parse({ email: 'a@example.com', customer_id: 7 }, 'admin').buyer).toEqual({ email: 'a@example.com', name: '', customerId: 7 });
    expect(parse({ email: 'a@example.com', customer_id: 7 }).params).toEqual({ 'buyer.customer_id': expect.stringContaining('admin key') });
    for (const customerId of [0, -1, 1.5, '7', 2 ** 60]) {
      expect(parse({ email: 'a@example.com', customer_id: customerId }, 'admin').params).toHaveProperty(['buyer.customer_id']);
    }
  });

  it('names each bad field', () => {
    const cases: [unknown, string][] = [
      ['a@example.com', 'buyer'],
      [['a@example.com'], 'buyer'],
      [{}, 'buyer.email'],
      [{ email: 'not an address' }, 'buyer.email'],
      [{ email: 'a@b' }, 'buyer.email'],
      [{ email: 42 }, 'buyer.email'],
      [{ email: `${'a'.repeat(89)}@example.com` }, 'buyer.email'],
      [{ email: 'a@example.com', name: 'x'.repeat(201) }, 'buyer.name'],
      [{ email: 'a@example.com', name: 'Ada\nLovelace' }, 'buyer.name'],
      [{ email: 'a@example.com', name: 5 }, 'buyer.name'],
      [{ email: 'a@example.com', role: 'administrator' }, 'buyer.role'],
    ];
    for (const [raw, field] of cases) expect([field, Object.keys(parse(raw).params)]).toEqual([field, [field]]);
    expect(parse({ email: `${'a'.repeat(88)}@example.com`, name: ` ${'x'.repeat(200)} ` }).params).toEqual({});
  });
});

describe('the buyer by default: the site’s customer', () => {
  const directory = (customer: { store: string | null; wooCustomerId: number | null; email: string | null; name: string } | null) =>
    ({
      customerOf: async () => (customer ? 5 : null),
      store: { find: async (id: number) => (id === 5 ? customer : null) },
    }) as unknown as CustomerDirectory;

  it('is the site’s customer, with its WooCommerce id only on the package’s store', async () => {
    const customer = { store: null, wooCustomerId: 12, email: 'linus@example.com', name: 'Linus Torvalds' };
    expect(await siteBuyer(directory(customer), 'https://a.example', null)).toEqual({
      email: 'linus@example.com',
      name: 'Linus Torvalds',
      customerId: 12,
    });
    expect((await siteBuyer(directory(customer), 'https://a.example', 'https://store.example'))?.customerId).toBeNull();
  });

  it('is nobody when the hub knows no customer or no email', async () => {
    expect(await siteBuyer(directory(null), 'https://a.example', null)).toBeNull();
    expect(await siteBuyer(directory({ store: null, wooCustomerId: 3, email: null, name: 'X' }), 'https://a.example', null)).toBeNull();
  });
});

describe('splitName', () => {
  it('makes the last word the last name', () => {
    expect(splitName(' Ada  King Lovelace ')).toEqual({ firstName: 'Ada King', lastName: 'Lovelace' });
    expect(splitName('Ada')).toEqual({ firstName: 'Ada', lastName: '' });
    expect(splitName('')).toEqual({ firstName: '', lastName: '' });
  });
});
