import { buyerOf } from './woo-buyer';
import { factsFromRestOrder } from './woo-order';

describe('the buyer of a WooCommerce order (issue 27: the customer who owns sites)', () => {
  it('is the customer id with the billing email (lower case) and name', () => {
    const buyer = buyerOf({ customer_id: 3, billing: { first_name: ' Zoë ', last_name: 'Müller', email: ' Zoe@Client.Example ' } });
    expect(buyer).toEqual({ wooCustomerId: 3, email: 'zoe@client.example', name: 'Zoë Müller' });
  });

  it('is a guest (no customer id) for customer_id 0, known by the billing email', () => {
    expect(buyerOf({ customer_id: 0, billing: { email: 'guest@shop.example' } })).toEqual({
      wooCustomerId: null,
      email: 'guest@shop.example',
      name: '',
    });
  });

  it('drops what is not an id or an address', () => {
    for (const customerId of [-1, 1.5, '3', 2 ** 64, null]) expect(buyerOf({ customer_id: customerId }).wooCustomerId).toBeNull();
    for (const email of ['not-an-address', 'a@b@c', `${'x'.repeat(190)}@a.example`, 42])
      expect(buyerOf({ billing: { email } }).email).toBeNull();
    expect(buyerOf({ billing: 'x' })).toEqual({ wooCustomerId: null, email: null, name: '' });
    expect(buyerOf({ billing: { first_name: 'A'.repeat(300) } }).name).toHaveLength(190);
  });

  it('travels with the order facts', () => {
    const facts = factsFromRestOrder({ id: 7, status: 'processing', customer_id: 9, billing: { email: 'b@b.example' } }, null);
    expect('error' in facts ? null : facts.buyer).toEqual({ wooCustomerId: 9, email: 'b@b.example', name: '' });
  });
});
