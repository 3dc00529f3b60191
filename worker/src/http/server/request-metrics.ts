import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { observeRequest } from '../../support/metrics/hub-metrics';

const STARTED = Symbol('svc-hub.metrics.started');
const ROUTE = Symbol('svc-hub.metrics.route');

type Tracked = ServerResponse & { [STARTED]?: number; [ROUTE]?: string };

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts every request when its answer ends, for both dispatches (server.ts): by route pattern
 * (the lean dispatch names it, Express's matched route has it; `unmatched` otherwise), method
 * (`other` beyond the usual ones) and status (499 when the client left before any answer).
 * One shared listener and two fields per response; no closure or string built per request.
 */
export function trackRequest(response: ServerResponse): void {
  (response as Tracked)[STARTED] = performance.now();
  response.on('close', onClose);
}

/** The lean dispatch's route pattern for this response (its exact path). */
export function nameRoute(response: ServerResponse, route: string): void {
  (response as Tracked)[ROUTE] = route;
}

function onClose(this: Tracked): void {
  const matched = (this.req as { route?: { path?: unknown } }).route?.path;
  const route = this[ROUTE] ?? (typeof matched === 'string' ? matched : 'unmatched');
  const method = this.req.method !== undefined && METHODS.has(this.req.method) ? this.req.method : 'other';
  const status = this.headersSent ? statusLabel(this.statusCode) : '499';
  observeRequest(route, method, status, (performance.now() - (this[STARTED] ?? 0)) / 1000);
}

/** Status codes as label strings, made once. */
const STATUS_LABELS = Array.from({ length: 600 }, (_, code) => String(code));
function statusLabel(code: number): string {
  return STATUS_LABELS[code] ?? 'other';
}
