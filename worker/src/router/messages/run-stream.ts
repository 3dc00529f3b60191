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
 * SVC_CALL_MAX_MS, ends it with Anthropic's `error` event. A native call (a provider that speaks
 * the Messages dialect) relays the provider's own events as they came, `message_start` with the
 * hub's id and model id; the translation then only counts the text.
 */
export function streamMessage(services: CallServices, call: MessageCall, clientGone: AbortSignal): AnswerStream {
  const { body, candidates, record } = call;
  return streamCall(services, { body, candidates, record, clientGone }, (push) => messageEvents(push, call));
}

function messageEvents(push: (piece: StreamPiece) => void, call: MessageCall): StreamShaper {
  const send = (events: MessageEvent[]) => events.forEach((event) => push({ kind: 'event', name: event.type, payload: event }));
  let events: MessageEvents | null = null;
  // 'native' once the provider's own events arrive (they are relayed, the translation only counts the text); 'translated' once ours went out.
  let mode: 'waiting' | 'native' | 'translated' = 'waiting';
  const translated = () => {
    if (mode === 'waiting') send(events!.started());
    if (mode !== 'native') mode = 'translated';
    return mode === 'translated';
  };
  return {
    begin(model) {
      events = new MessageEvents(call.describe(model));
    },
    native({ event, data }) {
      if (mode === 'translated') return;
      mode = 'native';
      push({ kind: 'event', name: event, payload: relayed(data, events!) });
    },
    output(event) {
      const pieces = events!.translate(event);
      if (translated()) send(pieces);
    },
    outputText: () => events?.text ?? '',
    async complete(finishReason, finished) {
      if (translated()) send(events!.completed(finishReason, finished.usage));
      push({ kind: 'end' });
    },
    async fail({ error }) {
      if (!events) throw error;
      if (mode === 'waiting') translated();
      send(events.failed(error));
      push({ kind: 'end' });
    },
    async abandoned() {},
  };
}

/** A provider's own event as the client gets it: `message_start`'s message with the hub's id and model id. */
function relayed(data: Record<string, unknown>, events: MessageEvents): Record<string, unknown> {
  if (data.type !== 'message_start' || typeof data.message !== 'object' || data.message === null) return data;
  return { ...data, message: { ...data.message, id: events.shape.id, model: events.shape.model } };
}
