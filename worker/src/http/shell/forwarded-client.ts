import express from 'express';

/** Express's compiled `trust proxy` test: is `address`, `hop` steps from the worker, a trusted proxy? */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** The trust test Express builds for SVC_TRUST_PROXY's value, so both dispatches agree. */
export function proxyTrust(value: string | undefined): ProxyTrust | null {
  return value ? (express().set('trust proxy', value).get('trust proxy fn') as ProxyTrust) : null;
}

/**
 * The client's address as Express's `request.ip` works it out: from the connection's address
 * back through X-Forwarded-For (right to left) while each address is a trusted proxy; the
 * first untrusted one is the client. Without trust: the connection's address.
 */
export function forwardedClient(socketAddress: string, forwardedFor: string | string[] | undefined, trust: ProxyTrust | null): string {
  if (!trust || forwardedFor === undefined) return socketAddress;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  const chain = [
    socketAddress,
    ...header
      .split(/[ ,]+/)
      .filter((part) => part !== '')
      .reverse(),
  ];
  for (let hop = 0; hop < chain.length - 1; hop += 1) if (!trust(chain[hop]!, hop)) return chain[hop]!;
  return chain[chain.length - 1]!;
}
