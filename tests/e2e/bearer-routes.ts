/** Every Bearer route of the contract, with the features that gate it (none: not gated). */
export interface BearerRoute {
  method: string;
  path: string;
  features: string[];
  adminScope?: boolean;
  /** What a valid key without entitlements gets back from an ungated route (status, error code). */
  ungated?: [number, string | undefined];
}

export const BEARER_ROUTES: BearerRoute[] = [
  { method: 'POST', path: '/wp-json/llm/router/v1/chat', features: ['llm.chat'] },
  { method: 'POST', path: '/wp-json/llm/router/v1/chat/stream', features: ['llm.chat'] },
  { method: 'POST', path: '/wp-json/llm/router/v1/chat/completions', features: ['llm.chat'] },
  { method: 'POST', path: '/wp-json/llm/router/v1/embeddings', features: ['llm.embeddings'] },
  { method: 'GET', path: '/wp-json/llm/router/v1/models', features: ['llm.chat', 'llm.embeddings'] },
  { method: 'GET', path: '/wp-json/llm/router/v1/models/purposes', features: ['llm.chat', 'llm.embeddings'] },
  { method: 'GET', path: '/wp-json/svc-commerce/v1/packages', features: [], ungated: [200, undefined] },
  { method: 'POST', path: '/wp-json/svc-commerce/v1/checkout', features: [], ungated: [400, 'svc_invalid_request'] },
  { method: 'GET', path: '/wp-json/svc-commerce/v1/orders/ord_01JABCDEFGHJKMNPQRSTVWXYZ0', features: [], ungated: [404, 'svc_not_found'] },
  { method: 'GET', path: '/wp-json/svc-license/v1/entitlement', features: [], ungated: [200, undefined] },
  { method: 'PATCH', path: '/wp-json/svc-license/v1/entitlement', features: [], adminScope: true },
  { method: 'POST', path: '/wp-json/llm/router/v1/responses', features: ['llm.chat'] },
  { method: 'GET', path: '/wp-json/llm/router/v1/responses/resp_01JABCDEFGHJKMNPQRSTVWXYZ0', features: ['llm.chat'] },
  { method: 'DELETE', path: '/wp-json/llm/router/v1/responses/resp_01JABCDEFGHJKMNPQRSTVWXYZ0', features: ['llm.chat'] },
  { method: 'GET', path: '/wp-json/llm/router/v1/responses/resp_01JABCDEFGHJKMNPQRSTVWXYZ0/input_items', features: ['llm.chat'] },
];

export function requestFor(route: BearerRoute, headers: Record<string, string> = {}): RequestInit {
  const hasBody = route.method !== 'GET';
  return {
    method: route.method,
    headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: hasBody ? JSON.stringify({ model: 'mock/echo', messages: [{ role: 'user', content: 'hi' }] }) : undefined,
  };
}
