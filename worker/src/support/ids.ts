import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID: 48-bit millisecond time + 80 random bits, Crockford base32, sortable by time. */
export function ulid(now: number = Date.now()): string {
  let time = '';
  let remaining = now;
  for (let index = 0; index < 10; index += 1) {
    time = CROCKFORD[remaining % 32] + time;
    remaining = Math.floor(remaining / 32);
  }
  const random = randomBytes(16);
  let tail = '';
  for (let index = 0; index < 16; index += 1) tail += CROCKFORD[random[index]! % 32];
  return time + tail;
}

/** An opaque, prefixed id such as `key_01J…` (DESIGN §3). */
export function prefixedId(prefix: string): string {
  return `${prefix}_${ulid()}`;
}
