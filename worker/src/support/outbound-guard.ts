import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent } from 'undici';
import { classifyAddress } from './ip-address';
import { hostPortOf } from './outbound-allow';

/** A target the guard will not call; the message says why, never anything secret. */
export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

/** A checked target: connect to `address`, keep the URL's hostname for Host and TLS SNI. */
export interface PinnedTarget {
  url: URL;
  address: string;
  family: number;
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Server-side request forgery guard for calls the hub makes to URLs others chose (client
 * sites' webhook endpoints). A target must be http(s) without credentials and every address
 * its host resolves to must be public (support/ip-address.ts), unless its `host:port` is in
 * SVC_OUTBOUND_ALLOW. The answer pins the first address, so a second DNS answer (rebinding)
 * cannot move the connection elsewhere.
 */
export class OutboundGuard {
  constructor(
    private readonly allow: string[],
    private readonly resolve: Resolver = systemResolver,
  ) {}

  async check(target: string): Promise<PinnedTarget> {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new OutboundRefusedError('the target is not an absolute URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundRefusedError(`${url.protocol} targets are not allowed (http and https only)`);
    if (url.username || url.password) throw new OutboundRefusedError('a target URL must not carry credentials');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await this.lookup(host);
    const allowed = this.allow.includes(hostPortOf(url));
    for (const { address } of allowed ? [] : addresses) {
      const verdict = classifyAddress(address);
      if (!verdict.public) {
        throw new OutboundRefusedError(
          `${url.hostname} resolves to ${address}, a ${verdict.reason} address; only public addresses are called unless SVC_OUTBOUND_ALLOW lists ${hostPortOf(url)}`,
        );
      }
    }
    const [first] = addresses as [LookupAddress];
    return { url, address: first.address, family: first.family };
  }

  private async lookup(host: string): Promise<LookupAddress[]> {
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolve(host);
    } catch (error) {
      throw new Error(`cannot resolve ${host} (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'})`);
    }
    if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
    return addresses;
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * An undici Agent for one checked target: every connection it opens goes to the pinned
 * address (its `lookup` never asks DNS), while Host and TLS SNI stay the URL's hostname.
 * Redirects are never followed (undici's `request` does not follow them).
 */
export function pinnedAgent(target: PinnedTarget, connectTimeoutMs: number): Agent {
  const { address, family } = target;
  const pinnedLookup = (_hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Agent({ connect: { lookup: pinnedLookup as never, timeout: connectTimeoutMs }, keepAliveTimeout: 1000 });
}
