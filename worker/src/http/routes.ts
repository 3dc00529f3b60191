import type { RequestHandler } from 'express';
import type { Services } from '../services';
import { entitlementHandlers } from './admin/entitlements';
import { keyHandlers } from './admin/keys';
import { healthHandler } from './health';
import { configuredProviders } from '../router/configured-providers';
import { testStreamHandlers } from './test-routes';

export type AuthKind = 'public' | 'bearer' | 'webhook' | 'admin' | 'internal';
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One row per route, mirroring the shell's table (plugin/includes/class-svc-hub-route-table.php).
 * A row without a handler belongs to an area not built yet: it answers svc_not_implemented
 * after authentication, entitlement and body checks.
 */
export interface RouteDefinition {
  method: Method;
  path: string;
  auth: AuthKind;
  area: string;
  /** The key's site must hold at least one of these features. */
  features?: string[];
  /** Only keys with scope "admin". */
  adminScope?: boolean;
  /** The body is a JSON object (default: POST/PATCH/PUT on every auth kind but webhook). */
  json?: boolean;
  handler?: RequestHandler;
}

export const NAMESPACES = {
  router: '/wp-json/llm/router/v1',
  commerce: '/wp-json/svc-commerce/v1',
  license: '/wp-json/svc-license/v1',
  library: '/wp-json/svc/v1',
  admin: '/wp-json/svc-hub/v1/admin',
  internal: '/wp-json/svc-hub/v1/internal',
  test: '/wp-json/svc-hub-test/v1',
} as const;

const LLM = ['llm.chat', 'llm.embeddings'];

export function routeTable(services: Services, startedAt: number): RouteDefinition[] {
  const { router, commerce, license, library, admin } = NAMESPACES;
  const keys = keyHandlers(services);
  const entitlements = entitlementHandlers(services);
  const health = healthHandler({
    database: services.database,
    version: services.config.version,
    startedAt,
    providers: () => configuredProviders(services.config),
  });
  const rows: RouteDefinition[] = [
    { method: 'POST', path: `${router}/chat`, auth: 'bearer', area: 'llm router', features: ['llm.chat'] },
    { method: 'POST', path: `${router}/chat/stream`, auth: 'bearer', area: 'llm router', features: ['llm.chat'] },
    { method: 'POST', path: `${router}/chat/completions`, auth: 'bearer', area: 'llm router', features: ['llm.chat'] },
    { method: 'POST', path: `${router}/embeddings`, auth: 'bearer', area: 'llm router', features: ['llm.embeddings'] },
    { method: 'GET', path: `${router}/models`, auth: 'bearer', area: 'llm router', features: LLM },
    { method: 'GET', path: `${router}/models/purposes`, auth: 'bearer', area: 'llm router', features: LLM },
    { method: 'GET', path: `${router}/health`, auth: 'public', area: 'health', handler: health },
    { method: 'GET', path: `${commerce}/packages`, auth: 'bearer', area: 'commerce' },
    { method: 'POST', path: `${commerce}/checkout`, auth: 'bearer', area: 'commerce' },
    { method: 'GET', path: `${commerce}/orders/:id`, auth: 'bearer', area: 'commerce' },
    { method: 'GET', path: `${license}/entitlement`, auth: 'bearer', area: 'license' },
    { method: 'PATCH', path: `${license}/entitlement`, auth: 'bearer', area: 'license', adminScope: true },
    { method: 'POST', path: `${license}/webhook/woo-order-paid`, auth: 'webhook', area: 'commerce webhook' },
    { method: 'GET', path: `${library}/image-templates`, auth: 'public', area: 'image library' },
    { method: 'GET', path: `${library}/image-templates/:id`, auth: 'public', area: 'image library' },
    { method: 'GET', path: `${library}/image-samples/:type`, auth: 'public', area: 'image library' },
    { method: 'GET', path: `${library}/image-editor-assets/:type`, auth: 'public', area: 'image library' },
    { method: 'GET', path: `${library}/image-library/manifest`, auth: 'public', area: 'image library' },
    { method: 'GET', path: `${admin}/keys`, auth: 'admin', area: 'admin', handler: keys.list },
    { method: 'POST', path: `${admin}/keys`, auth: 'admin', area: 'admin', handler: keys.create },
    { method: 'POST', path: `${admin}/keys/:id/revoke`, auth: 'admin', area: 'admin', json: false, handler: keys.revoke },
    { method: 'POST', path: `${admin}/keys/:id/rotate-secret`, auth: 'admin', area: 'admin', json: false, handler: keys.rotateSecret },
    { method: 'GET', path: `${admin}/entitlements`, auth: 'admin', area: 'admin', handler: entitlements.list },
    { method: 'POST', path: `${admin}/entitlements/grant`, auth: 'admin', area: 'admin', handler: entitlements.grant },
    { method: 'POST', path: `${admin}/entitlements/status`, auth: 'admin', area: 'admin', handler: entitlements.setStatus },
  ];
  if (services.config.testRoutes) rows.push(...testRoutes());
  return rows;
}

function testRoutes(): RouteDefinition[] {
  const stream = testStreamHandlers();
  const { test } = NAMESPACES;
  return [
    { method: 'GET', path: `${test}/stream`, auth: 'public', area: 'test', handler: stream.stream },
    { method: 'GET', path: `${test}/stream-status`, auth: 'public', area: 'test', handler: stream.status },
    { method: 'POST', path: `${test}/ack`, auth: 'public', area: 'test', json: false, handler: stream.acknowledge },
  ];
}

/** A matcher for `:param` paths, used to tell 405 (known path, other method) from 404. */
export function pathMatcher(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}
