import { isIP } from 'node:net';

/** Names Express's `trust proxy` knows for address ranges (proxy-addr). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * SVC_TRUST_PROXY: the addresses of the proxies whose X-Forwarded-For the worker believes, as
 * a comma list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 * Null when the value is not such a list — in particular `true` or a hop count, which would
 * believe X-Forwarded-For from anyone.
 */
export function parseTrustedProxies(raw: string): string[] | null {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  for (const entry of entries) {
    if (RANGE_NAMES.has(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || extra !== undefined) return null;
    if (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128))) return null;
  }
  return entries;
}
