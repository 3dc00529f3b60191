import { Agent } from 'undici';
import { guardedConnector } from '../../support/guarded-connector';
import type { OutboundGuard } from '../../support/outbound-guard';

/**
 * The default of SVC_PROVIDER_CONNECTIONS: twice docs/architecture.md §8's 500 concurrent open streams (a
 * stream holds its connection to the end), so streams do not queue, while the sockets a flood
 * of calls can open stay bounded (docs/providers.md).
 */
export const DEFAULT_CONNECTIONS = 1000;

export interface AgentOptions {
  connectMs: number;
  /** Most sockets open at once to one origin; further requests wait for a free one. */
  connections?: number;
  /** Checks and pins every new connection (an admin-entered base URL); absent: the system resolver, no check. */
  outboundGuard?: OutboundGuard;
}

/** One provider instance's keep-alive connection pool. */
export function createProviderAgent({ connectMs, connections = DEFAULT_CONNECTIONS, outboundGuard }: AgentOptions): Agent {
  return new Agent({
    connect: outboundGuard ? guardedConnector(outboundGuard, connectMs) : { timeout: connectMs },
    connections,
    keepAliveTimeout: 10_000,
  });
}
