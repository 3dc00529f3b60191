import type { CallServices } from '../calls/call-services';
import type { AnswerStream, StreamPiece } from '../calls/answer-stream';
import { streamCall, type StreamShaper } from '../calls/stream-call';
import { MessageEvents, type MessageEvent } from './events';
import type { MessageCall } from './message-call';

/**
 * One streamed Messages call on the streaming engine (router/calls/stream-call.ts: the timing,
 * retries, fallback, response cache, SVC_CALL_MAX_MS and usage row of every stream), shaped as
 * Anthropic's events (events.ts): nothing is sent until the first text or tool-call piece, so a
 * failure before it is an ordinary HTTP error and may fall back; then `message_start` …
 * `message_stop` as named events, and the end. A failure after the stream began, or
 * SVC_CALL_MAX_MS, ends it with Anthropic's `error` event.
 */
export function streamMessage(services: CallServices, call: MessageCall, clientGone: AbortSignal): AnswerStream {
  const { body, candidates, record } = call;
  return streamCall(services, { body, candidates, record, clientGone }, (push) => messageEvents(push, call));
}

function messageEvents(push: (piece: StreamPiece) => void, call: MessageCall): StreamShaper {
  const send = (events: MessageEvent[]) => events.forEach((event) => push({ kind: 'event', name: event.type, payload: event }));
  let events: MessageEvents | null = null;
  return {
    begin(model) {
      events = new MessageEvents(call.describe(model));
      send(events.started());
    },
    output(event) {
      send(events!.translate(event));
    },
    outputText: () => events?.text ?? '',
    async complete(finishReason, finished) {
      send(events!.completed(finishReason, finished.usage));
      push({ kind: 'end' });
    },
    async fail({ error }) {
      if (!events) throw error;
      send(events.failed(error));
      push({ kind: 'end' });
    },
    async abandoned() {},
  };
}
