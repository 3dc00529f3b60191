import type { CatalogModel } from '../catalog/models';
import type { CallRecord } from '../usage/call-record';
import type { ParsedChatRequest } from '../request/chat-request';
import type { CallServices } from '../calls/call-services';
import type { AnswerStream, StreamPiece } from '../calls/answer-stream';
import { streamCall, type StreamShaper } from '../calls/stream-call';
import { ResponseEvents, type ResponseEvent } from './events';
import { finalStatus, responsesUsage, type ResponseShape } from './output';
import type { ResponseItem } from './response-item';

export interface StreamedResponse {
  shape: ResponseShape;
  status: string;
  output: ResponseItem[];
  usage: Record<string, unknown> | null;
  incompleteDetails?: { reason: string } | null;
  error?: { code: string; message: string } | null;
}

/** Runs before a streamed response's last event (the response is stored by then). */
export type BeforeLastEvent = (streamed: StreamedResponse) => Promise<void>;

/**
 * One streamed Responses call on the streaming engine (router/calls/stream-call.ts: the timing,
 * retries, fallback, response cache, SVC_CALL_MAX_MS and usage row of every stream), shaped as
 * the Responses API's events: nothing is sent until the first text or tool-call piece, so a
 * failure before it is thrown by the sequence (an ordinary HTTP error) and may fall back; then
 * `response.created` … `response.completed` (ResponseEvents) as named events, and the end (no
 * `[DONE]`). A failure after the stream began, or SVC_CALL_MAX_MS, ends it with
 * `response.failed` (`beforeLastEvent` gets it as `failed`); a client gone after it began
 * (recorded as aborted) as `incomplete`.
 */
export function streamResponse(
  services: CallServices,
  body: ParsedChatRequest,
  candidates: CatalogModel[],
  record: CallRecord,
  clientGone: AbortSignal,
  describe: (model: CatalogModel) => ResponseShape,
  beforeLastEvent: BeforeLastEvent,
): AnswerStream {
  return streamCall(services, { body, candidates, record, clientGone }, (push) => responseEvents(push, describe, beforeLastEvent));
}

function responseEvents(
  push: (piece: StreamPiece) => void,
  describe: (model: CatalogModel) => ResponseShape,
  beforeLastEvent: BeforeLastEvent,
): StreamShaper {
  const send = (events: ResponseEvent[]) => events.forEach((event) => push({ kind: 'event', name: event.type, payload: event }));
  let events: ResponseEvents | null = null;
  return {
    begin(model) {
      events = new ResponseEvents(describe(model));
      send(events.started());
    },
    output(event) {
      send(events!.translate(event));
    },
    outputText: () => events?.text ?? '',
    async complete(finishReason, finished) {
      const closing = events!.completed(finishReason, finished.usage, finished.router);
      const { status, incomplete_details } = finalStatus(finishReason);
      await beforeLastEvent({
        shape: events!.shape,
        status,
        output: events!.output,
        usage: responsesUsage(finished.usage),
        incompleteDetails: incomplete_details,
      });
      send(closing);
      push({ kind: 'end' });
    },
    async fail({ error }) {
      if (!events) throw error;
      const failure = { code: error.code, message: error.message };
      await beforeLastEvent({ shape: events.shape, status: 'failed', output: events.partialOutput(), usage: null, error: failure });
      send(events.failed(failure));
      push({ kind: 'end' });
    },
    async abandoned() {
      if (events) await beforeLastEvent({ shape: events.shape, status: 'incomplete', output: events.partialOutput(), usage: null });
    },
  };
}
