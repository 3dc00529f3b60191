import { createServer, type Server } from 'node:http';
import type { Services } from '../../services';
import { buildApp, type AppOptions } from './app';
import { answerClientError } from './client-error';
import { LeanDispatch } from './lean-dispatch';
import { methodOverride } from '../wordpress/method-override';
import { restRouteTarget } from '../wordpress/rest-route-target';
import { trackRequest } from './request-metrics';
import { routeTable } from '../routes';

/**
 * The worker's HTTP server: one route table, served by the lean dispatch where it can (the
 * direct lane's LLM calls) and by Express for everything else; WordPress's other spellings of a
 * REST request (`?rest_route=`, `/index.php/wp-json/`) and its method overrides are read as
 * WordPress reads them (rest-route-target.ts, method-override.ts); what Node's parser refuses is answered in the documented error shape
 * too (client-error.ts).
 */
export function createWorkerServer(services: Services, options: AppOptions & { startedAt?: number } = {}): Server {
  const routes = routeTable(services, options.startedAt ?? Date.now());
  const app = buildApp(services, routes, options);
  const lean = new LeanDispatch(services, routes);
  // A header sent twice arrives joined with ", ", as PHP passes it to WordPress, so both lanes
  // judge the same value (two Authorization headers are refused alike, bearer-auth.ts).
  const server = createServer({ joinDuplicateHeaders: true }, (request, response) => {
    trackRequest(response);
    // A request the shell signed carries the canonical path it signed: never rewritten.
    const canonical = request.headers['x-svc-hub-signature'] === undefined ? restRouteTarget(request.url ?? '') : null;
    if (canonical !== null) request.url = canonical;
    const overridden = methodOverride(request);
    if (overridden !== null) request.method = overridden;
    if (!lean.handle(request, response)) app(request, response);
  });
  server.on('clientError', answerClientError);
  return server;
}
