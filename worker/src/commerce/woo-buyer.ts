/** Who paid a WooCommerce order: `customer_id` (0 for a guest) and the billing email and name (docs/external/woocommerce.md). */
export interface WooBuyer {
  /** null for a guest order (customer_id 0). */
  wooCustomerId: number | null;
  /** The billing email in lower case; null when missing or not an address. */
  email: string | null;
  /** "First Last" of the billing address, at most 190 characters ("" when none). */
  name: string;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,180}$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A positive id a double holds exactly (as woo-order.ts `isStoredId`: woo-order.ts imports this module). */
const isCustomerId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

/** The buyer of a REST v3 order object (the webhook's body, or the shell's in-process facts). */
export function buyerOf(order: Record<string, unknown>): WooBuyer {
  const billing = isObject(order.billing) ? order.billing : {};
  const email = typeof billing.email === 'string' ? billing.email.trim().toLowerCase() : '';
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const name = [text(billing.first_name), text(billing.last_name)].filter((part) => part !== '').join(' ');
  return {
    wooCustomerId: isCustomerId(order.customer_id) ? order.customer_id : null,
    email: email.length <= 190 && EMAIL.test(email) ? email : null,
    name: name.slice(0, 190),
  };
}
