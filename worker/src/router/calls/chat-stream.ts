import { CompletionShape, outputText } from './chat-completion';
import type { CatalogModel } from '../catalog/models';
import type { CallRecord } from '../usage/call-record';
import type { ParsedChatRequest } from '../request/chat-request';
import type { CallServices } from './call-services';
import type { AnswerStream, StreamPiece } from './answer-stream';
import { outputChunks, type StreamTotals } from './stream-output';
import { streamCall, type StreamShaper } from './stream-call';
import { openAiError } from '../../support/error-objects';

/**
 * One streamed chat call on the streaming engine (stream-call.ts), shaped as OpenAI's
 * `chat.completion.chunk`s: the role chunk, a chunk per delta, then the finish chunk, the usage
 * chunk (`choices: []`, usage, router) and `[DONE]`. A failure is a `failure` piece: the HTTP
 * error while nothing went out, else one `data: {"error":…}` event (with its `data` when
 * SVC_CALL_MAX_MS ended the stream, docs/api-notes.md "Call duration"), then `[DONE]`.
 */
export function streamChat(
  services: CallServices,
  body: ParsedChatRequest,
  candidates: CatalogModel[],
  record: CallRecord,
  clientGone: AbortSignal,
): AnswerStream {
  return streamCall(services, { body, candidates, record, clientGone }, (push) => chatChunks(push, body.legacyFunctions === true));
}

function chatChunks(push: (piece: StreamPiece) => void, legacy: boolean): StreamShaper {
  const send = (payload: unknown) => push({ kind: 'data', payload });
  const totals: StreamTotals = { text: '', toolCalls: [], usage: null, finishReason: 'stop' };
  let shape!: CompletionShape; // begin() makes it, before any other piece
  return {
    begin(model) {
      shape = new CompletionShape(model.id, legacy);
      send(shape.chunk({ role: 'assistant', content: '' }));
    },
    output(event) {
      for (const delta of outputChunks(event, totals, legacy)) send(shape.chunk(delta));
    },
    outputText: () => outputText({ content: totals.text, toolCalls: totals.toolCalls }),
    async complete(finishReason, finished) {
      send(shape.chunk({}, finishReason));
      send(shape.usageChunk(finished.usage, finished.router));
      push({ kind: 'done' });
    },
    async fail({ error, reachedLimit }) {
      // OpenAI's error object (type, param) beside the hub's code and message (docs/api-notes.md "Error bodies and retries").
      push({ kind: 'failure', error, payload: { error: { ...(reachedLimit ? error.toBody() : {}), ...openAiError(error) } } });
    },
    async abandoned() {},
  };
}
