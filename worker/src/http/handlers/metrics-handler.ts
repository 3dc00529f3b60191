import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { pendingOutboxCount } from '../../license/outbox-backlog';
import type { RouterServices } from '../../router/router-services';
import type { Services } from '../../services';
import { ApiError } from '../../support/api-error';
import { EXPOSITION_CONTENT_TYPE } from '../../support/metrics/exposition';
import { hubMetrics, processMetrics, readOutboxBacklogFrom } from '../../support/metrics/hub-metrics';
import { authenticate } from '../middleware/bearer-auth';
import { admit } from '../middleware/rate-limit';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether a request comes from this machine itself, with nothing in between that says
 * otherwise: the socket's peer is a loopback address, and no proxy header (a reverse proxy on
 * this machine would otherwise make every outside client look local) nor shell header is present.
 */
export function isLoopbackPeer(request: IncomingMessage): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  if (!loopback) return false;
  for (const name in request.headers) {
    if (FORWARDING_HEADERS.includes(name) || name.startsWith('x-svc-hub-')) return false;
  }
  return true;
}

async function answer(response: ServerResponse): Promise<void> {
  const text = await hubMetrics.render();
  response.statusCode = 200;
  response.setHeader('Content-Type', EXPOSITION_CONTENT_TYPE);
  response.setHeader('Cache-Control', 'no-store');
  response.end(text);
}

/**
 * GET /metrics (docs/api-notes.md, "Metrics"). `scrape` is the plugin-namespace route, behind
 * the usual Bearer checks with an admin-scope key (both lanes). `local` is the worker's own
 * `/metrics`, outside the plugin's namespaces (so the documented nginx block does not expose
 * it): a loopback peer without credentials, or an admin-scope key from anywhere; a request that
 * carries a key has it checked, even from loopback.
 */
export function metricsHandlers(services: Pick<Services, 'database' | 'keyLookup'> & { router: Pick<RouterServices, 'limiter'> }): {
  scrape: RequestHandler;
  local: RequestHandler;
} {
  readOutboxBacklogFrom(() => pendingOutboxCount(services.database));
  processMetrics.start();
  return {
    scrape: async (_request: Request, response: Response) => answer(response),
    local: async (request: Request, response: Response) => {
      const authorization = request.headers.authorization;
      if (authorization !== undefined || !isLoopbackPeer(request)) {
        const key = await authenticate(services.keyLookup, authorization);
        await admit(services.router.limiter, key);
        if (key.scope !== 'admin')
          throw ApiError.forbidden(
            'This route needs an API key with scope "admin", or a request from this machine (loopback) without one.',
          );
      }
      await answer(response);
    },
  };
}
