import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether an IP address is public, i.e. safe for the hub to call on a client's behalf (the
 * outbound guard's question). Ranges follow the IANA special-purpose address registries:
 * everything loopback, private, link-local (incl. the 169.254.169.254 metadata service),
 * shared (CGNAT), documentation, benchmarking, multicast or reserved is not public, and so
 * is an IPv6 address that embeds such an IPv4 one (mapped, NAT64, 6to4).
 */
export type AddressVerdict = { public: true } | { public: false; reason: string };

interface Range {
  bytes: number[];
  prefix: number;
  reason: string;
}

const range = (bytes: number[], prefix: number, reason: string): Range => ({ bytes, prefix, reason });

const IPV4_NOT_PUBLIC: Range[] = [
  range([0, 0, 0, 0], 8, '"this network" (0.0.0.0/8)'),
  range([10, 0, 0, 0], 8, 'private (10.0.0.0/8)'),
  range([100, 64, 0, 0], 10, 'shared CGNAT (100.64.0.0/10)'),
  range([127, 0, 0, 0], 8, 'loopback (127.0.0.0/8)'),
  range([169, 254, 0, 0], 16, 'link-local (169.254.0.0/16)'),
  range([172, 16, 0, 0], 12, 'private (172.16.0.0/12)'),
  range([192, 0, 0, 0], 24, 'IETF protocol assignments (192.0.0.0/24)'),
  range([192, 0, 2, 0], 24, 'documentation (192.0.2.0/24)'),
  range([192, 88, 99, 0], 24, '6to4 relay anycast (192.88.99.0/24)'),
  range([192, 168, 0, 0], 16, 'private (192.168.0.0/16)'),
  range([198, 18, 0, 0], 15, 'benchmarking (198.18.0.0/15)'),
  range([198, 51, 100, 0], 24, 'documentation (198.51.100.0/24)'),
  range([203, 0, 113, 0], 24, 'documentation (203.0.113.0/24)'),
  range([224, 0, 0, 0], 4, 'multicast (224.0.0.0/4)'),
  range([240, 0, 0, 0], 4, 'reserved (240.0.0.0/4)'),
];

const hex = (text: string) => {
  const groups = text.split(':').map((group) => parseInt(group, 16));
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
};
const v6 = (prefixGroups: string, prefix: number, reason: string) =>
  range([...hex(prefixGroups), ...new Array(16).fill(0)].slice(0, 16), prefix, reason);

/** Checked in order, before the "outside 2000::/3" rule; the embedding ranges are handled apart. */
const IPV6_NOT_PUBLIC: Range[] = [
  v6('0:0:0:0:0:0:0:0', 128, 'unspecified (::)'),
  v6('0:0:0:0:0:0:0:1', 128, 'loopback (::1)'),
  v6('0:0:0:0:0:0', 96, 'IPv4-compatible (::/96, deprecated)'),
  v6('64:ff9b:1', 48, 'local-use NAT64 (64:ff9b:1::/48)'),
  v6('100:0:0:0', 64, 'discard-only (100::/64)'),
  v6('2001:db8', 32, 'documentation (2001:db8::/32)'),
  v6('2001:0', 23, 'IETF protocol assignments incl. Teredo (2001::/23)'),
  v6('3fff:0', 20, 'documentation (3fff::/20)'),
  v6('fc00', 7, 'unique-local (fc00::/7)'),
  v6('fe80', 10, 'link-local (fe80::/10)'),
  v6('fec0', 10, 'site-local (fec0::/10, deprecated)'),
  v6('ff00', 8, 'multicast (ff00::/8)'),
];

function inRange(bytes: number[], candidate: Range): boolean {
  let bits = candidate.prefix;
  for (let index = 0; bits > 0; index += 1, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[index] ?? 0) & mask) !== ((candidate.bytes[index] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** 16 bytes of an IPv6 literal (zone id dropped; a trailing dotted IPv4 part allowed). */
export function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1]!) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.flatMap((group: number) => [group >> 8, group & 0xff]);
}

function classifyIpv4(bytes: number[]): AddressVerdict {
  const match = IPV4_NOT_PUBLIC.find((candidate) => inRange(bytes, candidate));
  return match ? { public: false, reason: match.reason } : { public: true };
}

function embedded(bytes: number[], from: number, label: string): AddressVerdict {
  const verdict = classifyIpv4(bytes.slice(from, from + 4));
  return verdict.public ? verdict : { public: false, reason: `${label} ${verdict.reason}` };
}

function classifyIpv6(bytes: number[]): AddressVerdict {
  if (inRange(bytes, v6('0:0:0:0:0:ffff', 96, ''))) return embedded(bytes, 12, 'IPv4-mapped');
  if (inRange(bytes, v6('64:ff9b:0:0:0:0', 96, ''))) return embedded(bytes, 12, 'NAT64 of');
  if (inRange(bytes, v6('2002', 16, ''))) return embedded(bytes, 2, '6to4 of');
  const match = IPV6_NOT_PUBLIC.find((candidate) => inRange(bytes, candidate));
  if (match) return { public: false, reason: match.reason };
  if (!inRange(bytes, v6('2000', 3, ''))) return { public: false, reason: 'not global unicast (outside 2000::/3)' };
  return { public: true };
}

/** The verdict for an IPv4 or IPv6 literal; anything else is "not an IP address". */
export function classifyAddress(address: string): AddressVerdict {
  if (isIPv4(address)) return classifyIpv4(ipv4Bytes(address));
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv6(bare)) return classifyIpv6(ipv6Bytes(bare));
  return { public: false, reason: 'not an IP address' };
}
