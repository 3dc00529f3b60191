import type { ServerResponse } from 'node:http';
import type { CallHandler } from '../http/call-handler';
import { sendJson } from '../http/send-json';
import { ApiError } from '../support/api-error';
import { withFallback } from './attempts';
import type { CatalogModel } from './catalog';
import { CallRecord } from './call-record';
import { parseChatRequest, type ParsedChatRequest } from './chat-request';
import { CompletionShape } from './chat-completion';
import { streamChat } from './chat-stream';
import { clientSignal, providerFor, providerRequest, recordFailure } from './provider-call';
import { resolveTarget } from './resolve';
import type { RouterServices } from './router-services';

export type ChatMode = 'blocking' | 'stream' | 'auto';

/** POST /chat (never streams), /chat/stream (always), /chat/completions (iff stream: true). */
export function chatHandler(router: RouterServices, mode: ChatMode): CallHandler {
  return async (state, response) => {
    const body = parseChatRequest(state.json ?? {});
    if (mode === 'blocking' && body.stream) {
      throw ApiError.invalidRequest({ stream: 'POST /chat never streams; use POST /chat/stream (or /chat/completions with stream: true)' });
    }
    const resolution = await resolveTarget(body, 'chat', router.purposes, await router.providers.configuredNames());
    const streaming = mode === 'stream' || (mode === 'auto' && body.stream);
    const record = new CallRecord(router.usage, router.prices, {
      requestId: state.requestId,
      keyId: state.apiKey!.id,
      keyTeam: state.apiKey!.team,
      metadata: body.metadata,
      purpose: resolution.purpose,
      kind: streaming ? 'stream' : 'chat',
    });
    if (streaming) return streamChat(router, response, body, resolution.candidates, record);
    return blockingChat(router, response, body, resolution.candidates, record);
  };
}

async function blockingChat(router: RouterServices, response: ServerResponse, body: ParsedChatRequest, candidates: CatalogModel[], record: CallRecord): Promise<void> {
  const signal = clientSignal(response);
  const promptText = body.messages.map((message) => message.content).join('\n');
  const tried = { model: candidates[0]!, attempts: 0 };
  try {
    const { result, model, attempts } = await withFallback(candidates, router.config.retry, signal, async (candidate, attempt) => {
      Object.assign(tried, { model: candidate, attempts: attempt });
      return (await providerFor(router, candidate, { record, response })).chat(providerRequest(body, candidate), { signal });
    });
    record.markFirstToken();
    const finished = await record.finish({ status: 'ok', model, attempts, usage: result.usage, promptText, outputText: result.content });
    sendJson(response, 200, new CompletionShape(model.id).completion(result.content, result.finishReason, finished.usage, finished.router));
  } catch (error) {
    await recordFailure(router, record, error, tried, promptText);
  }
}
