import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../../services';
import { browserHeaderList } from '../wordpress/browser-headers';
import { runCall, type CallRoute, type CallServices } from '../middleware/call-handler';
import type { RequestContext } from './context';
import { answerError } from './error-handler';
import { forwardedClient, proxyTrust, type ProxyTrust } from '../shell/forwarded-client';
import { readBody } from '../middleware/raw-body';
import { requestIdFrom } from './request-id';
import { nameRoute } from './request-metrics';
import type { RouteDefinition } from '../routes';
import { stageHeaders } from '../answers/staged-headers';

/**
 * The direct lane's hot path without Express: a POST to one of the router's call routes
 * (chat, streams, embeddings, images; edits with their own body limit) is served here: its body read (413), then the same checks
 * Express runs for it (runCall: key, rate limit, entitlement, JSON, calls in flight) and the same handler
 * and error answer. Express's routing and request/response decoration cost
 * more than the direct lane's whole margin of docs/architecture.md §8 on a small machine
 * (docs/benchmarks.md has the figures).
 *
 * Only the common case comes here; everything else is left to Express, which answers it as it
 * always has: other paths and methods, spellings Express would also accept (a trailing slash,
 * other letter case), a compressed body (Content-Encoding), anything from the WordPress shell
 * (X-Svc-Hub-* headers: signed, checked there). Behind a trusted proxy (SVC_TRUST_PROXY) the
 * client's address is worked out from X-Forwarded-For exactly as Express does (forwarded-client.ts).
 */
export class LeanDispatch {
  private readonly routes = new Map<string, CallRoute>();
  private readonly trust: ProxyTrust | null;

  constructor(
    private readonly services: CallServices & Pick<Services, 'config' | 'logger' | 'pluginActivation'>,
    routes: RouteDefinition[],
  ) {
    this.trust = proxyTrust(services.config.trustProxy);
    for (const { method, auth, path, features, keyHeaders, json, maxBodyBytes, call } of routes) {
      if (call && method === 'POST' && auth === 'bearer') this.routes.set(path, { features, keyHeaders, json, maxBodyBytes, call });
    }
  }

  /** Serves the request and says true, or says false and leaves it alone. */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    // While the plugin is deactivated Express answers 503 svc_hub_disabled (app.ts).
    if (request.method !== 'POST' || !this.services.pluginActivation.isActive) return false;
    const url = request.url ?? '';
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const route = this.routes.get(path);
    if (!route || !this.isPlain(request)) return false;
    nameRoute(response, path);
    // answerError() cannot fail in practice; if it ever did, the connection is cut rather than
    // the rejection left unhandled (which would end the process).
    this.serve(route, path, request, response).catch(() => response.destroy());
    return true;
  }

  private isPlain(request: IncomingMessage): boolean {
    const headers = request.headers;
    if (headers['content-encoding'] !== undefined) return false;
    for (const name in headers) if (name.startsWith('x-svc-hub-')) return false;
    return true;
  }

  private async serve(route: CallRoute, path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const headers = request.headers;
    const state: RequestContext = {
      requestId: requestIdFrom(headers['x-request-id'] as string | undefined),
      clientIp: forwardedClient(request.socket.remoteAddress ?? '', headers['x-forwarded-for'], this.trust),
      rawBody: EMPTY,
      signed: false,
      wordpressUser: '',
    };
    stageHeaders(response, ['X-Request-Id', state.requestId, ...browserHeaderList(request)]);
    try {
      state.rawBody = await readBody(request, route.maxBodyBytes);
      await runCall(this.services, route, state, headers, response);
    } catch (error) {
      answerError(this.services.logger, response, error, { id: state.requestId, method: 'POST', path });
    }
  }
}

const EMPTY = Buffer.alloc(0);
