/** Every Bearer route of the contract, with the features that gate it (none: not gated). */
export interface BearerRoute {
  method: string;
  path: string;
  features: string[];
  adminScope?: boolean;
}

export const BEARER_ROUTES: BearerRoute[] = [
  { method: 'POST', path: '/wp-json/llm/router/v1/chat', features: ['llm.chat'] },
  { method: 'POST', path: '/wp-json/llm/router/v1/chat/stream', features: ['llm.chat'] },
  { method: 'POST', path: '/wp-json/llm/router/v1/chat/completions', features: ['llm.chat'] },
  { method: 'POST', path: '/wp-json/llm/router/v1/embeddings', features: ['llm.embeddings'] },
  { method: 'GET', path: '/wp-json/llm/router/v1/models', features: ['llm.chat', 'llm.embeddings'] },
  { method: 'GET', path: '/wp-json/llm/router/v1/models/purposes', features: ['llm.chat', 'llm.embeddings'] },
  { method: 'GET', path: '/wp-json/svc-commerce/v1/packages', features: [] },
  { method: 'POST', path: '/wp-json/svc-commerce/v1/checkout', features: [] },
  { method: 'GET', path: '/wp-json/svc-commerce/v1/orders/ord_01JABCDEFGHJKMNPQRSTVWXYZ0', features: [] },
  { method: 'GET', path: '/wp-json/svc-license/v1/entitlement', features: [] },
  { method: 'PATCH', path: '/wp-json/svc-license/v1/entitlement', features: [], adminScope: true },
];

export function requestFor(route: BearerRoute, headers: Record<string, string> = {}): RequestInit {
  const hasBody = route.method !== 'GET';
  return {
    method: route.method,
    headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: hasBody ? JSON.stringify({ model: 'mock/echo', messages: [{ role: 'user', content: 'hi' }] }) : undefined,
  };
}
