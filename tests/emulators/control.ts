import type { ServerResponse } from 'node:http';
import { behaviourProblem, PROVIDERS, type Behaviour, type ProviderName } from './behaviours';
import type { EmulatorState } from './flow';

/**
 * The control API tests drive the emulator with (never part of any provider's format):
 * `POST /_control/reset`, `POST /_control/script`, `GET /_control/requests`,
 * `POST /_control/ack/<id>`.
 */
export function handleControl(method: string, url: URL, body: any, response: ServerResponse, state: EmulatorState): void {
  const reply = (status: number, value: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(value));
  };
  const route = `${method} ${url.pathname}`;
  if (route === 'POST /_control/reset') {
    state.scripts.clear();
    state.acks.clear();
    state.log.clear();
    return reply(200, { reset: true });
  }
  if (route === 'POST /_control/script') {
    const problem = scriptProblem(body);
    if (problem) return reply(400, { error: problem });
    const queued = state.scripts.add(body.provider, body.model, body.behaviours as Behaviour[]);
    return reply(200, { queued });
  }
  if (route === 'GET /_control/requests') {
    const filter = { provider: url.searchParams.get('provider') ?? undefined, model: url.searchParams.get('model') ?? undefined };
    return reply(200, state.log.list(filter));
  }
  const ack = method === 'POST' ? /^\/_control\/ack\/([^/]+)$/.exec(url.pathname) : null;
  if (ack) {
    const id = decodeURIComponent(ack[1]!);
    return reply(200, { acknowledged: id, waiting: state.acks.ack(id) });
  }
  reply(404, { error: `no control route ${route}` });
}

function scriptProblem(body: any): string | null {
  if (!body || typeof body !== 'object') return 'body must be {provider, model?, behaviours}';
  if (!PROVIDERS.includes(body.provider as ProviderName)) return `provider must be one of ${PROVIDERS.join(', ')}`;
  if (body.model !== undefined && (typeof body.model !== 'string' || !body.model))
    return 'model must be a non-empty string (or absent: every model)';
  if (!Array.isArray(body.behaviours) || body.behaviours.length === 0) return 'behaviours must be a non-empty array';
  for (const behaviour of body.behaviours) {
    const problem = behaviourProblem(behaviour);
    if (problem) return problem;
  }
  return null;
}
