import { ApiError } from '../../support/api-error';
import { AttemptsExhausted, isAbort, toApiError, withFallback } from '../calls/attempts';
import type { CallRecord } from '../usage/call-record';
import type { CatalogModel } from '../catalog/models';
import type { ParsedChatRequest } from '../request/chat-request';
import { logUpstreamFailure, providerFor, providerRequest } from '../calls/provider-call';
import type { FinishReason, TokenUsage } from '../../providers/types';
import type { RouterServices } from '../router-services';
import type { AnswerStream, StreamPiece } from '../calls/answer-stream';
import { StreamChannel } from '../calls/stream-channel';
import { StreamDeadline, StreamDeadlineReached } from '../calls/stream-deadline';
import { ResponseEvents, type ResponseEvent } from './events';
import { nextEventWithin } from '../calls/next-event';
import { finalStatus, responsesUsage, type ResponseShape } from './output';
import type { ResponseItem } from './response-rows';

/** Thrown once the first event went out: no retry, no fallback after that (DESIGN §4). */
class CommittedFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('stream failed after it began');
  }
}

export interface StreamedResponse {
  shape: ResponseShape;
  status: string;
  output: ResponseItem[];
  usage: Record<string, unknown> | null;
  incompleteDetails?: { reason: string } | null;
  error?: { code: string; message: string } | null;
}

/**
 * One streamed Responses call, as pieces for http/ to send (router/calls/answer-stream.ts), with
 * the timing, retry, fallback and usage rules of chat streams (router/calls/chat-stream.ts):
 * nothing is sent until the first text or tool-call piece, so a failure before it is thrown
 * by the sequence (an ordinary HTTP error) and may fall back to the next model; then
 * `response.created` … `response.completed` (ResponseEvents) as named events, and the end
 * (no `[DONE]`). `beforeLastEvent` runs before the last event (the response is stored by
 * then). A failure after the stream began, or SVC_STREAM_MAX_MS, ends it with
 * `response.failed` (`beforeLastEvent` gets it as `failed`); a client gone after it began
 * (`clientGone` aborts the call, recorded as such) as `incomplete`.
 */
export function streamResponse(
  router: RouterServices,
  body: ParsedChatRequest,
  candidates: CatalogModel[],
  record: CallRecord,
  clientGone: AbortSignal,
  describe: (model: CatalogModel) => ResponseShape,
  beforeLastEvent: (streamed: StreamedResponse) => Promise<void>,
): AnswerStream {
  const pieces = StreamChannel.run<StreamPiece>((push) => runStream(router, body, candidates, record, clientGone, describe, beforeLastEvent, push));
  return { headers: new Map(), pieces };
}

async function runStream(
  router: RouterServices,
  body: ParsedChatRequest,
  candidates: CatalogModel[],
  record: CallRecord,
  clientGone: AbortSignal,
  describe: (model: CatalogModel) => ResponseShape,
  beforeLastEvent: (streamed: StreamedResponse) => Promise<void>,
  push: (piece: StreamPiece) => void,
): Promise<void> {
  const deadline = new StreamDeadline(router.config.streamMaxMs);
  const ended = AbortSignal.any([clientGone, deadline.signal]);
  const send = (events: ResponseEvent[]) => events.forEach((event) => push({ kind: 'event', name: event.type, payload: event }));
  const { firstTokenMs, idleMs } = router.config.timeouts;
  const promptText = body.messages.map((message) => message.content).join('\n');
  const tried = { model: candidates[0]!, attempts: 0 };
  const totals: { usage: TokenUsage | null; finishReason: FinishReason } = { usage: null, finishReason: 'stop' };
  let events: ResponseEvents | null = null;
  const begin = async (model: CatalogModel) => {
    record.markFirstToken();
    await record.opened(); // the usage row is in MySQL before the first byte
    events = new ResponseEvents(describe(model));
    send(events.started());
    return events;
  };

  const attemptStream = async (model: CatalogModel, attemptNumber: number): Promise<void> => {
    Object.assign(tried, { model, attempts: attemptNumber });
    const attempt = new AbortController();
    const onEnded = () => attempt.abort(ended.reason);
    if (ended.aborted) throw ended.reason;
    ended.addEventListener('abort', onEnded, { once: true });
    const iterator = (await providerFor(router, model)).stream(providerRequest(body, model), { signal: attempt.signal })[Symbol.asyncIterator]();
    const startedAt = Date.now();
    totals.usage = null;
    try {
      for (;;) {
        const committed = events !== null;
        const budget = committed ? idleMs : Math.max(1, firstTokenMs - (Date.now() - startedAt));
        const next = await nextEventWithin(iterator, budget, committed ? 'idle' : 'first_token', model.provider, attempt);
        if (next.done) break;
        const event = next.value;
        if (event.type === 'usage') totals.usage = event.usage;
        else if (event.type === 'finish') totals.finishReason = event.reason;
        else if ((event.type === 'delta' && event.text !== '') || event.type === 'tool_call') send((events ?? (await begin(model))).translate(event));
      }
    } catch (error) {
      if (clientGone.aborted) throw clientGone.reason;
      if (deadline.reached) throw deadline.signal.reason;
      if (events !== null && !isAbort(error)) throw new CommittedFailure(error);
      throw error;
    } finally {
      ended.removeEventListener('abort', onEnded);
    }
    if (events === null) await begin(model);
  };

  try {
    const isFinal = (error: unknown) => error instanceof CommittedFailure || error instanceof StreamDeadlineReached;
    const { model, attempts } = await withFallback(candidates, router.config.retry, ended, attemptStream, isFinal);
    const translator = events as unknown as ResponseEvents;
    const finished = await record.finish({ status: 'ok', model, attempts, usage: totals.usage, promptText, outputText: translator.text });
    const closing = translator.completed(totals.finishReason, finished.usage, finished.router);
    const { status, incomplete_details } = finalStatus(totals.finishReason);
    await beforeLastEvent({ shape: translator.shape, status, output: translator.output, usage: responsesUsage(finished.usage), incompleteDetails: incomplete_details });
    send(closing);
    push({ kind: 'end' });
  } catch (error) {
    const translator = events as ResponseEvents | null;
    const sofar = { ...tried, usage: totals.usage, promptText, outputText: translator?.text ?? '' };
    if (clientGone.aborted || (isAbort(error) && !deadline.reached)) {
      await record.finish({ status: 'aborted', ...sofar, errorCode: 'client_closed' });
      if (translator) await beforeLastEvent({ shape: translator.shape, status: 'incomplete', output: translator.partialOutput(), usage: null });
      return;
    }
    const cause = error instanceof CommittedFailure ? error.cause : error instanceof AttemptsExhausted ? error.lastError : error;
    const apiError = deadline.reached ? ApiError.streamTooLong(deadline.limitMs) : toApiError(cause);
    if (!deadline.reached) logUpstreamFailure(router, record, cause, tried.attempts);
    const attempts = error instanceof AttemptsExhausted ? error.attempts : tried.attempts;
    await record.finish({ status: 'error', ...sofar, attempts, errorCode: apiError.code });
    if (!translator) throw new ApiError(apiError.status, apiError.code, apiError.message, { ...apiError.data, attempts });
    const failure = { code: apiError.code, message: apiError.message };
    await beforeLastEvent({ shape: translator.shape, status: 'failed', output: translator.partialOutput(), usage: null, error: failure });
    send(translator.failed(failure));
    push({ kind: 'end' });
  } finally {
    deadline.clear();
  }
}
