import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { RouterServices } from '../../router/router-services';
import type { Services } from '../../services';
import { authenticate, authorizationOf } from './bearer-auth';
import { context, type RequestContext } from '../server/context';
import { requireFeatures } from './feature-gate';
import { parseJsonObject } from './json-body';
import { admit } from './rate-limit';
import { ApiError } from '../../support/api-error';
import { andThen, type Eventually } from '../../support/eventually';
import { countConcurrencyRejection } from '../../support/metrics/hub-metrics';

/** What the checks and the slot use: the key lookup, the entitlement gate, the rate limiter, the calls in flight. */
export type CallServices = Pick<Services, 'keyLookup' | 'gate'> & { router: Pick<RouterServices, 'limiter' | 'calls'> };

/**
 * A route handler that needs no Express: what the checks learned (key, parsed JSON, request id)
 * and the plain node response. Both dispatches run it — Express (the WordPress lane, unusual
 * requests) and the lean dispatch (the direct lane's common case), so both answer alike.
 */
export type CallHandler = (state: RequestContext, response: ServerResponse) => Promise<void>;

/** What a call route is: a Bearer route with a CallHandler, maybe gated by features. */
export interface CallRoute {
  features?: string[];
  /** Headers besides Authorization that may carry the key (bearer-auth.ts authorizationOf). */
  keyHeaders?: readonly string[];
  /** false: the body is not JSON (`/images/edits`' multipart form): its Content-Type is kept for the handler instead. */
  json?: boolean;
  /** The route's own body limit (raw-body.ts), else 1 MiB. */
  maxBodyBytes?: number;
  call: CallHandler;
}

/**
 * The checks before a call handler, in their one order for both dispatches, once the body has
 * been read (413) — and, on Express, the shell signature checked: key (401), rate limit (429),
 * entitlement (403), JSON body (415/400) unless the route reads another kind. Fills in the state's key and JSON. Done at once
 * (returns nothing, or throws) when the key and its entitlements are cached and the rate limit
 * has quota; else a promise.
 */
export function checkCall(services: CallServices, route: CallRoute, state: RequestContext, headers: IncomingHttpHeaders): Eventually<void> {
  return andThen(authenticate(services.keyLookup, authorizationOf(headers, route.keyHeaders)), (key) => {
    state.apiKey = key;
    return andThen(admit(services.router.limiter, key), () => {
      const entitled = route.features ? requireFeatures(services.gate, key, route.features) : undefined;
      return andThen(entitled, () => {
        if (route.json === false) state.contentType = headers['content-type'];
        else state.json = parseJsonObject(headers['content-type'], state.rawBody);
      });
    });
  });
}

/**
 * The checks, a slot among the key's calls in flight (429 svc_too_many_concurrent when its
 * `max_concurrent_calls` are taken), then the handler. The slot is given back when the
 * handler settles (answered, failed, the client gone, a stream error) or the connection
 * closes, whichever comes first — never counted twice.
 */
export async function runCall(
  services: CallServices,
  route: CallRoute,
  state: RequestContext,
  headers: IncomingHttpHeaders,
  response: ServerResponse,
): Promise<void> {
  const checking = checkCall(services, route, state, headers);
  if (checking instanceof Promise) await checking;
  const key = state.apiKey!;
  const release = services.router.calls.take(key.id, key.maxConcurrentCalls);
  if (!release) {
    countConcurrencyRejection();
    throw ApiError.tooManyConcurrent(key.maxConcurrentCalls);
  }
  response.once('close', release);
  try {
    await route.call(state, response);
  } finally {
    release();
  }
}

/** A call route as an Express route handler: the same checks and slot, then the handler. */
export function expressCall(services: CallServices, route: CallRoute): RequestHandler {
  return async (request, response) => {
    await runCall(services, route, context(response), request.headers, response);
  };
}
