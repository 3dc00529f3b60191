import { ApiError } from '../../support/api-error';
import { AttemptsExhausted, isAbort, toApiError, withFallback } from './attempts';
import type { CatalogModel } from '../catalog/models';
import type { CallRecord, RouterBlock } from '../usage/call-record';
import { applyOutputLimit, logUpstreamFailure, providerFor, providerRequest } from './provider-call';
import type { ParsedChatRequest } from '../request/chat-request';
import type { FinishReason, StreamEvent, TokenUsage } from '../../providers/types';
import type { CallServices } from './call-services';
import { nextEventWithin } from './next-event';
import type { AnswerHeaders, AnswerStream, StreamPiece } from './answer-stream';
import { StreamChannel } from './stream-channel';
import { StreamDeadline, StreamDeadlineReached } from './stream-deadline';

/** A text or tool-call event: what a shaper turns into pieces. */
export type OutputEvent = Extract<StreamEvent, { type: 'delta' | 'tool_call' }>;

/** One event of the provider's own stream, for a native request (providers/types.ts ChatRequest.native). */
export type NativeEvent = Extract<StreamEvent, { type: 'native' }>;

/** How a stream failed, for its shaper: the contract's error, and whether SVC_CALL_MAX_MS ended it. */
export interface StreamFailure {
  error: ApiError;
  reachedLimit: boolean;
}

/**
 * One wire format of a streamed call (chat chunks, chat-stream.ts; Responses events,
 * responses/run-stream.ts): the engine decides when and what happened, the shaper pushes the
 * pieces that say it.
 */
export interface StreamShaper {
  /** The stream is committed to `model`: its opening pieces (before its first output, or at its end when it said nothing). */
  begin(model: CatalogModel): void;
  /** The pieces of one text or tool-call event. */
  output(event: OutputEvent): void;
  /**
   * The provider's own events of a native request, as received and in order, from begin() on
   * (those before it are held until it); a shaper that does not relay them leaves this out.
   */
  native?(event: NativeEvent): void;
  /** The answer as text so far, for the usage row's estimate. */
  outputText(): string;
  /** The closing pieces of a finished stream (its usage row is complete). */
  complete(finishReason: FinishReason, finished: { usage: TokenUsage; router: RouterBlock }): Promise<void>;
  /** The closing pieces of a failed stream (recorded): before begin(), the HTTP error. */
  fail(failure: StreamFailure): Promise<void>;
  /** The client hung up (recorded); nothing more goes out. */
  abandoned(): Promise<void>;
}

/** A streamed call ready to run: the validated body, the models to try, its usage record, the client's hang-up. */
export interface StreamCall {
  body: ParsedChatRequest;
  candidates: CatalogModel[];
  record: CallRecord;
  clientGone: AbortSignal;
}

/** Thrown once the first output went out: no retry, no fallback after that (docs/architecture.md §4). */
class CommittedFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('stream failed after its first output');
  }
}

/** Whether an event says something: the first one commits the stream to its model. */
const says = (event: OutputEvent) => event.type === 'tool_call' || event.text !== '';

/**
 * The streaming engine every streamed call runs on, as pieces for http/ to send
 * (answer-stream.ts): tries the candidates with the response cache in front (its outcome in
 * the stream's headers), retries and falls back only until the first output, then hands each
 * event to `shape` the moment it arrives. The usage row is in the database before the first
 * byte and completed exactly once: ok, error (`svc_upstream_*`, or SVC_CALL_MAX_MS as phase
 * `total`) or aborted when `clientGone` fires.
 */
export function streamCall(
  services: CallServices,
  call: StreamCall,
  shape: (push: (piece: StreamPiece) => void) => StreamShaper,
): AnswerStream {
  const headers: AnswerHeaders = new Map();
  applyOutputLimit(call.body, call.record, headers);
  const pieces = StreamChannel.run<StreamPiece>((push) => runStream(services, call, headers, shape(push)));
  return { headers, pieces };
}

async function runStream(
  services: CallServices,
  { body, candidates, record, clientGone }: StreamCall,
  headers: AnswerHeaders,
  shaper: StreamShaper,
): Promise<void> {
  const deadline = new StreamDeadline(services.config.streamMaxMs);
  const ended = AbortSignal.any([clientGone, deadline.signal]);
  const { firstTokenMs, idleMs } = services.config.timeouts;
  const promptText = body.messages.map((message) => message.content).join('\n');
  const tried = { model: candidates[0]!, attempts: 0 };
  const totals: { usage: TokenUsage | null; finishReason: FinishReason } = { usage: null, finishReason: 'stop' };
  let begun = false;
  const held: NativeEvent[] = []; // the attempt's native events before its first output
  const begin = async (model: CatalogModel) => {
    begun = true;
    await record.opened(); // the usage row is in MySQL before the first byte
    shaper.begin(model);
    for (const event of held.splice(0)) shaper.native?.(event);
  };

  const attemptStream = async (model: CatalogModel, attemptNumber: number): Promise<void> => {
    Object.assign(tried, { model, attempts: attemptNumber });
    const attempt = new AbortController();
    const onEnded = () => attempt.abort(ended.reason);
    if (ended.aborted) throw ended.reason;
    ended.addEventListener('abort', onEnded, { once: true });
    const provider = await providerFor(services, model, { record, headers });
    const iterator = provider.stream(providerRequest(body, model), { signal: attempt.signal })[Symbol.asyncIterator]();
    const startedAt = Date.now();
    totals.usage = null;
    held.length = 0;
    try {
      for (;;) {
        const budget = begun ? idleMs : Math.max(1, firstTokenMs - (Date.now() - startedAt));
        const next = await nextEventWithin(iterator, budget, begun ? 'idle' : 'first_token', model.provider, attempt);
        if (next.done) break;
        const event = next.value;
        if (event.type === 'usage') totals.usage = event.usage;
        else if (event.type === 'finish') totals.finishReason = event.reason;
        else if (event.type === 'native') {
          if (begun) shaper.native?.(event);
          else held.push(event);
        } else if (begun) shaper.output(event);
        else if (says(event)) {
          record.markFirstToken();
          await begin(model);
          shaper.output(event);
        }
      }
    } catch (error) {
      if (clientGone.aborted) throw clientGone.reason;
      if (deadline.reached) throw deadline.signal.reason;
      if (begun && !isAbort(error)) throw new CommittedFailure(error);
      throw error;
    } finally {
      ended.removeEventListener('abort', onEnded);
    }
    if (!begun) await begin(model);
  };

  try {
    const isFinal = (error: unknown) => error instanceof CommittedFailure || error instanceof StreamDeadlineReached;
    const { model, attempts } = await withFallback(candidates, services.config.retry, ended, attemptStream, isFinal);
    const finished = await record.finish({
      status: 'ok',
      model,
      attempts,
      usage: totals.usage,
      promptText,
      outputText: shaper.outputText(),
    });
    await shaper.complete(totals.finishReason, finished);
  } catch (error) {
    const sofar = { ...tried, usage: totals.usage, promptText, outputText: shaper.outputText() };
    if (clientGone.aborted || (isAbort(error) && !deadline.reached)) {
      await record.finish({ status: 'aborted', ...sofar, errorCode: 'client_closed' });
      return shaper.abandoned();
    }
    if (deadline.reached) {
      // The upstream request is already aborted: the tokens so far are recorded (estimated when unreported).
      const failure = ApiError.streamTooLong(deadline.limitMs);
      services.logger.warn('stream reached its maximum duration', {
        request_id: record.requestId,
        limit_ms: deadline.limitMs,
        attempts: tried.attempts,
      });
      await record.finish({ status: 'error', ...sofar, errorCode: failure.code });
      return shaper.fail({ error: failure, reachedLimit: true });
    }
    const cause = error instanceof CommittedFailure ? error.cause : error instanceof AttemptsExhausted ? error.lastError : error;
    logUpstreamFailure(services, record, cause, tried.attempts);
    const apiError = toApiError(cause);
    const attempts = error instanceof AttemptsExhausted ? error.attempts : tried.attempts;
    await record.finish({ status: 'error', ...sofar, attempts, errorCode: apiError.code });
    await shaper.fail({
      error: new ApiError(apiError.status, apiError.code, apiError.message, { ...apiError.data, attempts }),
      reachedLimit: false,
    });
  } finally {
    deadline.clear();
  }
}
