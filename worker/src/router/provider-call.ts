import type { Response } from 'express';
import type { CatalogModel } from './catalog';
import type { ParsedChatRequest } from './chat-request';
import { UpstreamError } from './providers/errors';
import type { ChatRequest, Provider } from './providers/types';
import type { RouterServices } from './router-services';

/** Small pieces every call path shares. */
export async function providerFor(router: RouterServices, model: CatalogModel): Promise<Provider> {
  const provider = await router.providers.get(model.provider);
  if (!provider) throw new UpstreamError(`${model.provider} is not configured`, { provider: model.provider, isRetryable: false });
  return provider;
}

export function providerRequest(body: ParsedChatRequest, model: CatalogModel): ChatRequest {
  return { model: model.name, messages: body.messages, temperature: body.temperature, topP: body.topP, maxTokens: body.maxTokens, stop: body.stop };
}

/** Aborted when the client hangs up before the answer is complete. */
export function clientSignal(response: Response): AbortSignal {
  const controller = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) controller.abort(Object.assign(new Error('client closed the connection'), { name: 'AbortError' }));
  });
  return controller.signal;
}

