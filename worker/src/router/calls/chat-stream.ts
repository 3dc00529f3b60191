import { ApiError } from '../../support/api-error';
import { AttemptsExhausted, isAbort, toApiError, withFallback } from './attempts';
import type { CatalogModel } from '../catalog/models';
import type { CallRecord } from '../usage/call-record';
import { logUpstreamFailure, providerFor, providerRequest } from './provider-call';
import { CompletionShape, outputText } from './chat-completion';
import { outputChunks, type StreamTotals } from './stream-output';
import type { ParsedChatRequest } from '../request/chat-request';
import type { TokenUsage } from '../../providers/types';
import type { RouterServices } from '../router-services';
import { nextEventWithin } from './next-event';
import type { AnswerHeaders, AnswerStream, StreamPiece } from './answer-stream';
import { StreamChannel } from './stream-channel';
import { StreamDeadline, StreamDeadlineReached } from './stream-deadline';

/** Thrown once the first token went out: no retry, no fallback after that (DESIGN §4). */
class CommittedFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('stream failed after its first token');
  }
}


/**
 * One streamed call, as pieces for http/ to send (router/calls/answer-stream.ts): tries the
 * candidates (retries and fallback only until the first token), passes each delta on as a
 * `chat.completion.chunk`, ends with the finish chunk, the usage chunk (`choices: []`, usage,
 * router) and `[DONE]`. A failure is a `failure` piece: the HTTP error while nothing went out,
 * else one `data: {"error":…}` event, then `[DONE]`. `clientGone` (the client hanging up)
 * aborts the upstream request, and so does reaching SVC_STREAM_MAX_MS, which then ends the
 * stream with an error (endAtDeadline). The cache outcome is in the stream's headers.
 */
export function streamChat(router: RouterServices, body: ParsedChatRequest, candidates: CatalogModel[], record: CallRecord, clientGone: AbortSignal): AnswerStream {
  const headers: AnswerHeaders = new Map();
  const pieces = StreamChannel.run<StreamPiece>((push) => runStream(router, body, candidates, record, clientGone, headers, push));
  return { headers, pieces };
}

async function runStream(
  router: RouterServices,
  body: ParsedChatRequest,
  candidates: CatalogModel[],
  record: CallRecord,
  clientGone: AbortSignal,
  headers: AnswerHeaders,
  push: (piece: StreamPiece) => void,
): Promise<void> {
  const deadline = new StreamDeadline(router.config.streamMaxMs);
  const ended = AbortSignal.any([clientGone, deadline.signal]);
  const send = (payload: unknown) => push({ kind: 'data', payload });
  const { firstTokenMs, idleMs } = router.config.timeouts;
  const promptText = body.messages.map((message) => message.content).join('\n');
  const tried = { model: candidates[0]!, attempts: 0 };
  let shape = new CompletionShape(candidates[0]!.id);
  const totals: StreamTotals = { text: '', toolCalls: [], usage: null, finishReason: 'stop' };

  const attemptStream = async (model: CatalogModel, attemptNumber: number): Promise<void> => {
    Object.assign(tried, { model, attempts: attemptNumber });
    const attempt = new AbortController();
    const onEnded = () => attempt.abort(ended.reason);
    if (ended.aborted) throw ended.reason;
    ended.addEventListener('abort', onEnded, { once: true });
    const provider = await providerFor(router, model, { record, headers });
    const iterator = provider.stream(providerRequest(body, model), { signal: attempt.signal })[Symbol.asyncIterator]();
    const startedAt = Date.now();
    let committed = false;
    totals.usage = null;
    try {
      for (;;) {
        const budget = committed ? idleMs : Math.max(1, firstTokenMs - (Date.now() - startedAt));
        const next = await nextEventWithin(iterator, budget, committed ? 'idle' : 'first_token', model.provider, attempt);
        if (next.done) break;
        const event = next.value;
        if (event.type === 'usage') totals.usage = event.usage;
        else if (event.type === 'finish') totals.finishReason = event.reason;
        else {
          const chunks = outputChunks(event, totals);
          if (chunks.length === 0) continue;
          if (!committed) {
            committed = true;
            record.markFirstToken();
            await record.opened(); // the usage row is in MySQL before the first byte
            shape = new CompletionShape(model.id);
            send(shape.chunk({ role: 'assistant', content: '' }));
          }
          for (const delta of chunks) send(shape.chunk(delta));
        }
      }
    } catch (error) {
      if (clientGone.aborted) throw clientGone.reason;
      if (deadline.reached) throw deadline.signal.reason;
      if (committed && !isAbort(error)) throw new CommittedFailure(error);
      throw error;
    } finally {
      ended.removeEventListener('abort', onEnded);
    }
    if (!committed) {
      await record.opened();
      shape = new CompletionShape(model.id);
      send(shape.chunk({ role: 'assistant', content: '' }));
    }
  };

  try {
    const isFinal = (error: unknown) => error instanceof CommittedFailure || error instanceof StreamDeadlineReached;
    const { model, attempts } = await withFallback(candidates, router.config.retry, ended, attemptStream, isFinal);
    const finished = await record.finish({ status: 'ok', model, attempts, usage: totals.usage, promptText, outputText: outputText({ content: totals.text, toolCalls: totals.toolCalls }) });
    send(shape.chunk({}, totals.finishReason));
    send(shape.usageChunk(finished.usage, finished.router));
    push({ kind: 'done' });
  } catch (error) {
    if (clientGone.aborted || (isAbort(error) && !deadline.reached)) {
      await record.finish({ status: 'aborted', ...tried, usage: totals.usage, promptText, outputText: outputText({ content: totals.text, toolCalls: totals.toolCalls }), errorCode: 'client_closed' });
      return;
    }
    if (deadline.reached) return endAtDeadline(router, push, record, deadline, { ...tried, usage: totals.usage, promptText, outputText: outputText({ content: totals.text, toolCalls: totals.toolCalls }) });
    const cause = error instanceof CommittedFailure ? error.cause : error instanceof AttemptsExhausted ? error.lastError : error;
    logUpstreamFailure(router, record, cause, tried.attempts);
    const apiError = toApiError(cause);
    const attempts = error instanceof AttemptsExhausted ? error.attempts : tried.attempts;
    await record.finish({ status: 'error', ...tried, attempts, usage: totals.usage, promptText, outputText: outputText({ content: totals.text, toolCalls: totals.toolCalls }), errorCode: apiError.code });
    const failure = new ApiError(apiError.status, apiError.code, apiError.message, { ...apiError.data, attempts });
    push({ kind: 'failure', error: failure, payload: { error: { code: apiError.code, message: apiError.message } } });
  } finally {
    deadline.clear();
  }
}

/**
 * The stream reached SVC_STREAM_MAX_MS (its upstream request is already aborted): the usage
 * row is completed as an error with the tokens so far (estimated and flagged when the
 * provider had not reported them), then one error event (`svc_upstream_timeout`, phase
 * `total`) and `[DONE]` — or a plain 504 when nothing had been sent yet (a `failure` piece).
 */
async function endAtDeadline(
  router: RouterServices,
  push: (piece: StreamPiece) => void,
  record: CallRecord,
  deadline: StreamDeadline,
  sofar: { model: CatalogModel; attempts: number; usage: TokenUsage | null; promptText: string; outputText: string },
): Promise<void> {
  const apiError = ApiError.streamTooLong(deadline.limitMs);
  router.logger.warn('stream reached its maximum duration', { request_id: record.requestId, limit_ms: deadline.limitMs, attempts: sofar.attempts });
  await record.finish({ status: 'error', ...sofar, errorCode: apiError.code });
  push({ kind: 'failure', error: apiError, payload: { error: apiError.toBody() } });
}
