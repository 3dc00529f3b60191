import { createHmac } from 'node:crypto';
import { shellHeaders } from '../../support/signed-request';
import { randomLoopbackAddress } from '../../support/loopback';
import { stack } from '../../support/stack';
import type { Fixture } from './fixture';
import type { HostileRoute } from './route-table';
import type { HostileAnswer, HostileRequest, Way } from './ways';

/**
 * One case of the corpus: a route, a way in, an attack, and the requests that make it. The
 * answers are checked by run-case.ts; `check` adds what a finding of issue 11 demands beyond
 * the rules every case follows.
 */
export interface HostileCase {
  family: string;
  attack: string;
  route: HostileRoute;
  way: Way;
  requests: (fixture: Fixture) => HostileRequest[];
  /** Narrower than the documented set where the contract says exactly what must happen. */
  statuses?: number[];
  /** Statuses the HTTP server itself may answer with no body, before any application code (431). */
  bare?: number[];
  /** The finding of issue 11 this case reproduces. */
  finding?: string;
  check?: (answers: HostileAnswer[], fixture: Fixture) => string[] | Promise<string[]>;
  /** Puts back what a failing case changed (after the checksum), so later cases start clean. */
  cleanup?: (fixture: Fixture) => Promise<void>;
}

export const caseName = (item: HostileCase) =>
  `${item.attack} → ${item.route.method} ${item.route.path} via ${item.way}${item.finding ? ` [${item.finding}]` : ''}`;

export interface SignOptions {
  method: string;
  target: string;
  body?: string | Buffer;
  authorization?: string;
  /** The auth kind the shell signs (scheme v2, docs/api-notes.md); the route's own kind for a rightful caller. */
  auth?: string;
  user?: string;
  timestamp?: number;
  nonce?: string;
  secret?: string;
  clientIp?: string;
}

/**
 * The shell's signature headers (docs/architecture.md §1, scheme v2 of docs/api-notes.md) over the exact bytes
 * of `body` — without an Authorization header (the attacks choose their own) and with no acting
 * user or auth kind unless given (each attack states what it claims).
 */
export function signedHeaders(options: SignOptions): Record<string, string> {
  const { Authorization: _authorization, ...headers } = shellHeaders({
    ...options,
    path: options.target,
    auth: options.auth ?? '',
    user: options.user ?? '',
  });
  return headers;
}

/**
 * The request a route's rightful caller would send on `way`, carrying `body` as given: Bearer
 * key, WooCommerce signature (from a fresh loopback address: the webhook limits failures per
 * address), wp-admin session or the shell's signature. The attacks change one thing of it.
 */
export function rightful(
  route: HostileRoute,
  way: Way,
  fixture: Fixture,
  target: string,
  body?: string | Buffer,
  contentType = 'application/json',
): HostileRequest {
  const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': contentType };
  const request: HostileRequest = { method: route.method, target, headers, body };
  switch (route.auth) {
    case 'bearer':
      headers.Authorization = `Bearer ${route.adminScope ? fixture.adminKey.key : fixture.clientA.key}`;
      break;
    case 'webhook':
      headers['X-WC-Webhook-Source'] = fixture.store.source;
      headers['X-WC-Webhook-Topic'] = 'order.updated';
      headers['X-WC-Webhook-Signature'] = createHmac('sha256', fixture.store.secret)
        .update(body ?? '')
        .digest('base64');
      request.from = randomLoopbackAddress();
      break;
    case 'admin':
      if (way === 'direct') Object.assign(headers, signedHeaders({ method: route.method, target, body, auth: route.auth, user: '1' }));
      else Object.assign(headers, fixture.session.headers);
      break;
    case 'internal':
      Object.assign(headers, signedHeaders({ method: route.method, target, body, auth: route.auth }));
      break;
    default:
      break;
  }
  return request;
}

/** The valid body of a route, as JSON text. */
export const validBody = (route: HostileRoute, fixture: Fixture) => (route.body ? JSON.stringify(route.body(fixture)) : undefined);

/** The route's target with its valid parameter values. */
export function validTarget(route: HostileRoute, fixture: Fixture): string {
  return route.path.replace(/[:*]([a-z]+)/g, (_whole, name: string) => route.params?.[name]?.(fixture) ?? 'x');
}
