import { randomFillSync } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Random bytes drawn 4 KiB at a time (one call into the CSPRNG per 256 ids, not one per id). */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** The time part of the last id, kept for the next ones of the same millisecond. */
let lastTime = -1;
let lastTimePart = '';

function timePart(now: number): string {
  if (now === lastTime) return lastTimePart;
  let time = '';
  let remaining = now;
  for (let index = 0; index < 10; index += 1) {
    time = CROCKFORD[remaining % 32] + time;
    remaining = Math.floor(remaining / 32);
  }
  lastTime = now;
  lastTimePart = time;
  return time;
}

/** A ULID: 48-bit millisecond time + 80 random bits, Crockford base32, sortable by time. */
export function ulid(now: number = Date.now()): string {
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let tail = '';
  for (let index = poolOffset; index < poolOffset + 16; index += 1) tail += CROCKFORD[pool[index]! % 32];
  poolOffset += 16;
  return timePart(now) + tail;
}

/** An opaque, prefixed id such as `key_01J…` (docs/architecture.md §3). */
export function prefixedId(prefix: string): string {
  return `${prefix}_${ulid()}`;
}
