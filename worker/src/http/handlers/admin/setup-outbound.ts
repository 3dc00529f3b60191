import { connect } from 'node:net';
import type { ProviderStatus } from '../../../router/settings/configured-providers';
import type { OutboundGuard } from '../../../support/outbound-guard';
import { hostPortOf } from '../../../support/outbound-allow';

/** How long the setup check waits for one provider host to accept a connection. */
export const CONNECT_TIMEOUT_MS = 2000;

/** One provider host as the setup checklist reports it (docs/architecture.md "Setup checklist"). */
export interface OutboundTarget {
  provider: string;
  target: string;
  status: 'ok' | 'refused' | 'unreachable';
  message?: string;
}

/** Opens a TCP connection to host:port and closes it: resolves null when it was accepted, else why not. */
export type Connector = (host: string, port: number, timeoutMs: number) => Promise<string | null>;

export const tcpConnector: Connector = (host, port, timeoutMs) =>
  new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (problem: string | null) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer within ${timeoutMs} ms`));
    socket.once('connect', () => done(null));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });

/**
 * What the worker may call: every configured provider that reaches a network, its base URL
 * checked by the outbound guard when an admin set it (the guard calls only those,
 * SVC_OUTBOUND_ALLOW), then a TCP connection to its host. The providers are probed at once.
 */
export async function probeOutbound(statuses: ProviderStatus[], guard: OutboundGuard, connector: Connector): Promise<OutboundTarget[]> {
  const targets = statuses.filter((status) => status.configured && status.enabled && status.base_url);
  return Promise.all(
    targets.map(async (status): Promise<OutboundTarget> => {
      let url: URL;
      try {
        url = new URL(status.base_url!);
      } catch {
        return { provider: status.name, target: status.base_url!, status: 'refused', message: 'the base URL is not an absolute URL' };
      }
      const target = hostPortOf(url);
      if (status.source === 'admin') {
        try {
          await guard.check(url.href);
        } catch (error) {
          return { provider: status.name, target, status: 'refused', message: (error as Error).message };
        }
      }
      const port = Number(target.slice(target.lastIndexOf(':') + 1));
      const problem = await connector(url.hostname.replace(/^\[|\]$/g, ''), port, CONNECT_TIMEOUT_MS);
      return problem === null
        ? { provider: status.name, target, status: 'ok' }
        : { provider: status.name, target, status: 'unreachable', message: problem };
    }),
  );
}
