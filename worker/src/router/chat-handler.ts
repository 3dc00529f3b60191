import type { ServerResponse } from 'node:http';
import type { CallHandler } from '../http/call-handler';
import { sendJson } from '../http/send-json';
import { ApiError } from '../support/api-error';
import type { CatalogModel } from './catalog';
import { CallRecord } from './call-record';
import { parseChatRequest, type ParsedChatRequest } from './chat-request';
import { CompletionShape, outputText } from './chat-completion';
import { streamChat } from './chat-stream';
import { runModelCall } from './model-call';
import { providerRequest } from './provider-call';
import { resolveTarget } from './resolve';
import { neededFeatures } from './request-support';
import type { RouterServices } from './router-services';

export type ChatMode = 'blocking' | 'stream' | 'auto';

/** POST /chat (never streams), /chat/stream (always), /chat/completions (iff stream: true). */
export function chatHandler(router: RouterServices, mode: ChatMode): CallHandler {
  return async (state, response) => {
    const body = parseChatRequest(state.json ?? {});
    if (mode === 'blocking' && body.stream) {
      throw ApiError.invalidRequest({ stream: 'POST /chat never streams; use POST /chat/stream (or /chat/completions with stream: true)' });
    }
    const resolution = await resolveTarget(body, 'chat', router.purposes, await router.providers.configuredNames(), neededFeatures(body));
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
  const done = await runModelCall(router, record, response, {
    candidates,
    promptText: body.messages.map((message) => message.content).join('\n'),
    call: (provider, model, signal) => provider.chat(providerRequest(body, model), { signal }),
    measure: (result) => ({ usage: result.usage, outputText: outputText(result) }),
    marksFirstToken: true,
  });
  if (done) sendJson(response, 200, new CompletionShape(done.model.id).completion(done.result, done.finished.usage, done.finished.router));
}
