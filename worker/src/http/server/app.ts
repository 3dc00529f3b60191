import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Services } from '../../services';
import { ApiError } from '../../support/api-error';
import { bearerAuth, requireAdminScope } from '../middleware/bearer-auth';
import { browserHeaders, preflight } from '../wordpress/browser-headers';
import { expressCall } from '../middleware/call-handler';
import { context } from './context';
import { errorHandler } from './error-handler';
import { featureGate } from '../middleware/feature-gate';
import { jsonBody } from '../middleware/json-body';
import { refuseControlCharacters } from '../middleware/path-guard';
import { refuseWhileDisabled } from '../middleware/hub-disabled';
import { rateLimit } from '../middleware/rate-limit';
import { rawBody } from '../middleware/raw-body';
import { requestId } from './request-id';
import { NAMESPACES, pathMatcher, type RouteDefinition } from '../routes';
import type { ShellNonceStore } from '../../db/shell-nonce-claims';
import { requireShellKind, shellSignature, type ShellSignatureOptions } from '../shell/shell-signature';
import { webhookIntake } from '../middleware/webhook-intake';
import { webhookNonceClaim } from '../middleware/webhook-nonce';

export interface AppOptions {
  nonces?: ShellNonceStore;
}

function notImplemented(area: string): RequestHandler {
  return () => {
    throw ApiError.notImplemented(area);
  };
}

function chain(route: RouteDefinition, services: Services, signature: ShellSignatureOptions): RequestHandler[] {
  if (route.call) {
    if (route.auth !== 'bearer' || route.adminScope || route.handler)
      throw new Error(`${route.method} ${route.path}: a call route is a Bearer route with only a call handler`);
    return [expressCall(services, { features: route.features, keyHeaders: route.keyHeaders, json: route.json, call: route.call })];
  }
  const handlers: RequestHandler[] = [];
  if (route.auth === 'webhook') handlers.push(webhookIntake(signature), webhookNonceClaim(signature));
  if (route.auth === 'admin' || route.auth === 'internal') handlers.push(requireShellKind(route.auth));
  if (route.auth === 'bearer') handlers.push(bearerAuth(services.keyLookup, route.keyHeaders), rateLimit(services.router.limiter));
  if (route.adminScope) handlers.push(requireAdminScope);
  if (route.features) handlers.push(featureGate(services.gate, route.features));
  const json = route.json ?? (['POST', 'PATCH', 'PUT'].includes(route.method) && route.auth !== 'webhook');
  if (json) handlers.push(jsonBody);
  handlers.push(route.handler ?? notImplemented(route.area));
  return handlers;
}

function fallback(routes: RouteDefinition[]) {
  const matchers = routes.map((route) => ({ route, matcher: pathMatcher(route.path) }));
  return (request: Request, _response: Response, next: NextFunction) => {
    const allowed = matchers.filter(({ matcher }) => matcher.test(request.path)).map(({ route }) => route.method);
    next(allowed.length > 0 ? ApiError.methodNotAllowed([...new Set(allowed)]) : ApiError.notFound());
  };
}

/**
 * Assembles the worker: request id, the browser headers WordPress sends (browser-headers.ts),
 * no control characters in a path, 503 on the public namespaces while the plugin is deactivated
 * (hub-disabled.ts), raw body (1 MiB), the shell signature per namespace
 * (required for admin and internal, with that auth kind signed; checked-if-present elsewhere:
 * the direct lane), nonces claimed across workers, the route table, CORS preflights
 * (OPTIONS), 404/405, and the one error handler.
 */
export function buildApp(services: Services, routes: RouteDefinition[], options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (services.config.trustProxy) app.set('trust proxy', services.config.trustProxy);
  const signature = { secret: services.config.hubSecret, nonces: options.nonces ?? services.shellNonces };

  // A webhook reads its own body and checks the shell signature itself, so that every attempt
  // (oversized, forged) reaches its audit log. Decided on the parsed path, as routing is: an
  // absolute-form target (`POST http://host/wp-json/…`) is the same route as its origin form.
  const webhooks = routes.filter((route) => route.auth === 'webhook').map((route) => new RegExp(pathMatcher(route.path).source, 'i'));
  const unlessWebhook =
    (middleware: RequestHandler): RequestHandler =>
    (request, response, next) =>
      request.method === 'POST' && webhooks.some((matcher) => matcher.test(request.baseUrl + request.path))
        ? next()
        : middleware(request, response, next);

  app.use(requestId);
  app.use(browserHeaders);
  app.use(refuseControlCharacters);
  app.use((request, response, next) => {
    context(response).clientIp = request.ip ?? request.socket.remoteAddress ?? '';
    next();
  });
  const { router, commerce, license, library, test } = NAMESPACES;
  app.use([router, commerce, license, library], refuseWhileDisabled(services.pluginActivation));
  const bodyLimits = routes.flatMap(({ method, path, maxBodyBytes }) =>
    maxBodyBytes ? [{ method, matcher: new RegExp(pathMatcher(path).source, 'i'), bytes: maxBodyBytes }] : [],
  );
  app.use(unlessWebhook(rawBody(bodyLimits)));
  app.use(NAMESPACES.admin, shellSignature(signature, true, 'admin'));
  app.use(NAMESPACES.internal, shellSignature(signature, true, 'internal'));
  app.use([router, commerce, license, library, test], unlessWebhook(shellSignature(signature, false)));

  for (const route of routes) {
    app[route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'](route.path, ...chain(route, services, signature));
  }
  app.use(preflight(routes));
  app.use(fallback(routes));
  app.use(errorHandler(services.logger));
  return app;
}
