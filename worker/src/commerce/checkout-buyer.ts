import type { CustomerDirectory } from '../license/customers/customer-directory';
import type { KeyScope } from '../license/api-keys';
import type { Problems } from '../support/problems';
import type { OrderBuyer } from './orders';

/** As WordPress's is_email(): a local part of its allowed characters, a dotted domain; at most 100 characters (docs/commerce.md "Checkout"). */
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;
export const BUYER_EMAIL_MAX = 100;
export const BUYER_NAME_MAX = 200;
const FIELDS = new Set(['email', 'name', 'customer_id']);
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The checkout's optional `buyer: { email, name?, customer_id? }`; undefined when absent (or null).
 * A client key may name the email and name of its own purchase, never a WooCommerce customer id:
 * that would attach the order to someone else's account (docs/architecture.md §5 "Checkout").
 */
export function parseBuyer(raw: unknown, scope: KeyScope, problems: Problems): OrderBuyer | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) {
    problems.add('buyer', 'must be an object { email, name?, customer_id? }');
    return undefined;
  }
  for (const field of Object.keys(raw))
    if (!FIELDS.has(field)) problems.add(`buyer.${field}`, 'is not a field of buyer (email, name, customer_id)');
  const { email, name, customer_id: customerId } = raw;
  if (email === undefined || email === null || email === '') problems.add('buyer.email', 'is required');
  else if (typeof email !== 'string' || email.length > BUYER_EMAIL_MAX || !EMAIL.test(email)) {
    problems.add('buyer.email', `must be an email address of at most ${BUYER_EMAIL_MAX} characters`);
  }
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (name !== undefined && name !== null && (typeof name !== 'string' || trimmed.length > BUYER_NAME_MAX || CONTROL.test(name))) {
    problems.add('buyer.name', `must be text of at most ${BUYER_NAME_MAX} characters, without control characters`);
  }
  if (customerId !== undefined && customerId !== null) {
    if (scope !== 'admin')
      problems.add('buyer.customer_id', "only an admin key may name a WooCommerce customer; a client key gives the buyer's email and name");
    else if (typeof customerId !== 'number' || !Number.isSafeInteger(customerId) || customerId <= 0) {
      problems.add('buyer.customer_id', 'must be a positive integer (a WooCommerce customer id)');
    }
  }
  if (!problems.empty) return undefined;
  return { email: (email as string).toLowerCase(), name: trimmed, customerId: (customerId as number | null | undefined) ?? null };
}

/**
 * The buyer when the checkout names none: the site's customer (license/customers, learned from
 * its paid orders or set by an admin) when it has an email; its WooCommerce customer id only
 * when that customer belongs to the package's store. Null when the hub knows nobody.
 */
export async function siteBuyer(customers: CustomerDirectory, siteUrl: string, store: string | null): Promise<OrderBuyer | null> {
  const customerId = await customers.customerOf(siteUrl);
  const customer = customerId === null ? null : await customers.store.find(customerId);
  if (!customer || customer.email === null) return null;
  return {
    email: customer.email.slice(0, BUYER_EMAIL_MAX),
    name: customer.name.slice(0, BUYER_NAME_MAX),
    customerId: customer.store === store ? customer.wooCustomerId : null,
  };
}

/** WooCommerce's billing first and last name from one name: the last word is the last name ("Ada" alone is a first name). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}
