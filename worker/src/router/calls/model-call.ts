import { andThen } from '../../support/eventually';
import { withFallback } from './attempts';
import { callDeadline, endCallAtDeadline, type CallClient } from './call-deadline';
import type { CallRecord, RouterBlock } from '../usage/call-record';
import type { CatalogModel } from '../catalog/models';
import { providerFor, recordFailure } from './provider-call';
import type { Provider, TokenUsage } from '../../providers/types';
import type { CacheContext } from '../response-cache/cached-provider';
import type { CallServices } from './call-services';

/** What a finished blocking call hands back to the handler that shapes the answer. */
export interface ModelCallResult<T> {
  result: T;
  model: CatalogModel;
  finished: { router: RouterBlock; usage: TokenUsage };
}

export interface ModelCall<T> {
  candidates: CatalogModel[];
  /** Chat and Responses: lets the opt-in response cache answer (response-cache/); embeddings have none. */
  cache?: CacheContext;
  /** The prompt as text, for the usage row's estimate. */
  promptText: string;
  /** One attempt on one model; `signal` ends it (client gone, or SVC_CALL_MAX_MS reached). */
  call: (provider: Provider, model: CatalogModel, signal: AbortSignal) => Promise<T>;
  /** The reported usage (null: estimated), the output as text, and the cost when tokens × price do not make it (images). */
  measure: (result: T) => { usage: TokenUsage | null; outputText: string; cost?: string };
  /** Chat marks its first token when the whole answer arrived; embeddings have none. */
  marksFirstToken: boolean;
}

/**
 * The blocking engine (chat, Responses and embeddings): attempts with retries and fallback
 * (stopped by `client` hanging up: its signal, or its response closing early), the response
 * cache in front when `spec.cache` is given, and the usage row completed once: ok, error (the
 * contract's error thrown, with `data.attempts`) or aborted (client gone: null, nothing to
 * answer). The whole call, retries and fallbacks included, lasts at most SVC_CALL_MAX_MS
 * (call-deadline.ts): then it is recorded as an error and answered 504
 * `svc_upstream_timeout`, phase `total`.
 */
export async function runModelCall<T>(
  router: CallServices,
  record: CallRecord,
  client: CallClient,
  spec: ModelCall<T>,
): Promise<ModelCallResult<T> | null> {
  const tried = { model: spec.candidates[0]!, attempts: 0 };
  const deadline = callDeadline(router, client);
  const ended = deadline.signal;
  try {
    const { result, model, attempts } = await withFallback(spec.candidates, router.config.retry, ended, (candidate, attempt) => {
      tried.model = candidate;
      tried.attempts = attempt;
      return andThen(providerFor(router, candidate, spec.cache), (provider) => spec.call(provider, candidate, ended));
    });
    if (spec.marksFirstToken) record.markFirstToken();
    const finished = await record.finish({ status: 'ok', model, attempts, promptText: spec.promptText, ...spec.measure(result) });
    return { result, model, finished };
  } catch (error) {
    if (deadline.reached && !deadline.clientGone) await endCallAtDeadline(router, record, deadline, tried, spec.promptText);
    await recordFailure(router, record, error, tried, spec.promptText);
    return null;
  } finally {
    deadline.clear();
  }
}
