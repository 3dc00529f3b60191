import type { RequestHandler } from 'express';
import type { Services } from '../../services';
import type { CallHandler } from '../middleware/call-handler';

export type AuthKind = 'public' | 'bearer' | 'webhook' | 'admin' | 'internal';
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What a row's handler is built from: the services, the start time, one handler group per factory. */
export interface Wiring {
  services: Services;
  startedAt: number;
  /** The factory's result, built once per route table: rows of one group share one instance. */
  once<T>(factory: (services: Services, startedAt: number) => T): T;
}

/**
 * One route: the contract (id, method, path, auth and the checks it picks) and, for the
 * worker's routes, how its handler is built. The rows are data: both dispatchers pick each
 * request's checks from them (http/server/app.ts, lean-dispatch.ts) and the build writes them
 * into the shell's route manifest (manifest.ts, docs/architecture.md §0 item 2).
 */
export interface RouteRow {
  /** Stable name of the route: test tables key their extra data by it. */
  id: string;
  method: Method;
  /** The worker's Express spelling: `:id` a segment, `*model` the rest of the path. */
  path: string;
  auth: AuthKind;
  area: string;
  /** The key's site must hold at least one of these features. */
  features?: string[];
  /**
   * Headers besides Authorization that may carry the key, lower case (`x-api-key` on the Messages
   * routes, docs/architecture.md §9): both lanes read them (bearer-auth.ts authorizationOf, the shell's
   * Svc_Hub_Incoming_Request).
   */
  keyHeaders?: string[];
  /** Only keys with scope "admin". */
  adminScope?: boolean;
  /** The body is a JSON object (default: POST/PATCH/PUT on every auth kind but webhook). */
  json?: boolean;
  /** The route's own body limit from the configuration (default 1 MiB, raw-body.ts): `/images/edits`' uploads. */
  maxBodyBytes?: (config: Services['config']) => number;
  /** The answer may be an event stream: the shell passes it through as it arrives. */
  mayStream?: boolean;
  /** Registered only with SVC_TEST_ROUTES=on. */
  testOnly?: boolean;
  /** `shell`: answered by the PHP shell itself (plugin/includes/internal/), never by the worker. */
  servedBy?: 'shell';
  /** Express handler. A worker row with neither handler nor call answers svc_not_implemented. */
  handler?: (wiring: Wiring) => RequestHandler;
  /** A handler that needs no Express: the lean dispatch serves the route's common case directly. */
  call?: (wiring: Wiring) => CallHandler;
}

/** A worker row with its handler built, as the dispatchers take it. */
export interface RouteDefinition extends Omit<RouteRow, 'handler' | 'call' | 'maxBodyBytes'> {
  maxBodyBytes?: number;
  handler?: RequestHandler;
  call?: CallHandler;
}

/** A matcher for `:param` paths, used to tell 405 (known path, other method) from 404. */
export function pathMatcher(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.startsWith('*') ? '.+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}
