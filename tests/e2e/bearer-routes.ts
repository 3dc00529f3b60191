import { MANIFEST_ROUTES, type ManifestRoute } from './route-manifest';

/**
 * Every Bearer route of the route manifest (written by the build from worker/src/http/routes/),
 * with this table's extra data keyed by route id; route-tables.test.ts fails when a Bearer
 * route has no entry here.
 */
export interface BearerExtra {
  /** A value for each path parameter (`:id`). */
  params?: Record<string, string>;
  /** What a valid key without entitlements gets back from an ungated route (status, error code). */
  ungated?: [number, string | undefined];
}

export interface BearerRoute {
  id: string;
  method: string;
  /** The path with its parameters filled in. */
  path: string;
  features: string[];
  adminScope?: boolean;
  ungated?: [number, string | undefined];
}

const RESPONSE = { id: 'resp_01JABCDEFGHJKMNPQRSTVWXYZ0' };

/** `{}`: gated by features or admin scope, no path parameter. */
export const BEARER_EXTRAS: Record<string, BearerExtra> = {
  'router.chat': {},
  'router.chat-stream': {},
  'router.chat-completions': {},
  'router.responses.create': {},
  'router.responses.retrieve': { params: RESPONSE },
  'router.responses.delete': { params: RESPONSE },
  'router.responses.input-items': { params: RESPONSE },
  'router.embeddings': {},
  'router.images.generations': {},
  'router.images.edits': {},
  'router.messages.create': {},
  'router.messages.count-tokens': {},
  'router.models': {},
  'router.models.purposes': {},
  'router.models.retrieve': { params: { id: 'mock/echo' } },
  'router.metrics': {},
  'library.image-renders': {},
  'commerce.packages': { ungated: [200, undefined] },
  'commerce.checkout': { ungated: [400, 'svc_invalid_request'] },
  'commerce.order': { params: { id: 'ord_01JABCDEFGHJKMNPQRSTVWXYZ0' }, ungated: [404, 'svc_not_found'] },
  'license.entitlement.read': { ungated: [200, undefined] },
  'license.entitlement.update': {},
  'license.updates.check': { ungated: [200, undefined] }, // no plugins or themes named: an empty answer
  'license.updates.info': { params: { slug: 'no-such-plugin' }, ungated: [404, 'svc_not_found'] },
  'license.activations.delete': { params: { id: 'act_01JABCDEFGHJKMNPQRSTVWXYZ0' }, ungated: [404, 'svc_not_found'] },
  'license.licenses.list': {},
  'license.licenses.get': { params: { id: 'lic_01JABCDEFGHJKMNPQRSTVWXYZ0' } },
  'license.staging-patterns.create': {},
  'license.redeliver': { ungated: [400, 'svc_invalid_request'] }, // the body every POST here gets is a chat request; the route takes no field
};

export const bearerManifestRoutes = (): ManifestRoute[] => MANIFEST_ROUTES.filter((route) => route.auth === 'bearer');

export const BEARER_ROUTES: BearerRoute[] = bearerManifestRoutes().map((route) => {
  const extra = BEARER_EXTRAS[route.id] ?? {};
  return {
    id: route.id,
    method: route.method,
    path: route.path.replace(/[:*](\w+)/g, (_whole, name: string) => extra.params?.[name] ?? name),
    features: route.features,
    ...(route.adminScope ? { adminScope: true } : {}),
    ...(extra.ungated ? { ungated: extra.ungated } : {}),
  };
});

export function requestFor(route: BearerRoute, headers: Record<string, string> = {}): RequestInit {
  const hasBody = route.method !== 'GET';
  return {
    method: route.method,
    headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: hasBody ? JSON.stringify({ model: 'mock/echo', messages: [{ role: 'user', content: 'hi' }] }) : undefined,
  };
}
