import type { ApiError } from '../../support/api-error';

/**
 * Headers a call wants on its HTTP answer, as data (today `X-Svc-Cache`, set by the response
 * cache): the router fills the map while it works, http/ copies it onto the answer's head
 * when that head leaves — a value set after it left is dropped, as a header would be.
 */
export type AnswerHeaders = Map<string, string>;

/**
 * One piece of a streamed answer, as data; http/ frames it (http/answers/sse-writer.ts) and the
 * router never writes to a connection:
 * - `data`: one `data: <json>` event; `event`: a named event (`event: <name>` then its data),
 *   as the Responses API streams them;
 * - `done`: `data: [DONE]`, then the end of the answer; `end`: the end without `[DONE]`;
 * - `failure`: the call failed — answered as the ordinary HTTP `error` when nothing has gone
 *   out yet, else as one `data: <payload>` event and `[DONE]`.
 */
export type StreamPiece =
  | { kind: 'data'; payload: unknown }
  | { kind: 'event'; name: string; payload: unknown }
  | { kind: 'done' }
  | { kind: 'end' }
  | { kind: 'failure'; error: ApiError; payload: unknown };

/**
 * What a streamed call is: its pieces, in order, each handed over the moment the provider's
 * event that made it arrived (no buffering), and the answer's headers. A failure before the
 * stream began may also be thrown by the sequence (the HTTP error). A client hang-up is not a
 * piece: the caller's AbortSignal ends the call, the sequence records it and simply ends.
 */
export interface AnswerStream {
  headers: AnswerHeaders;
  pieces: AsyncIterable<StreamPiece>;
}
