import { withFallback } from './attempts';
import type { CallRecord, RouterBlock } from './call-record';
import type { CatalogModel } from './catalog';
import { providerFor, recordFailure } from './provider-call';
import type { Provider, TokenUsage } from './providers/types';
import type { RouterServices } from './router-services';

/** What a finished blocking call hands back to the handler that shapes the answer. */
export interface ModelCallResult<T> {
  result: T;
  model: CatalogModel;
  finished: { router: RouterBlock; usage: TokenUsage };
}

export interface ModelCall<T> {
  candidates: CatalogModel[];
  /** The prompt as text, for the usage row's estimate. */
  promptText: string;
  /** One attempt on one model. */
  call: (provider: Provider, model: CatalogModel) => Promise<T>;
  /** The reported usage (null: estimated) and the output as text. */
  measure: (result: T) => { usage: TokenUsage | null; outputText: string };
  /** Chat marks its first token when the whole answer arrived; embeddings have none. */
  marksFirstToken: boolean;
}

/**
 * One blocking model call, the steps chat and embeddings share: attempts with retries and
 * fallback (stopped by `signal`, the client hanging up), the usage row completed as ok, error (the contract's error thrown, with
 * `data.attempts`) or aborted (client gone: null, nothing to answer).
 */
export async function runModelCall<T>(router: RouterServices, record: CallRecord, signal: AbortSignal, spec: ModelCall<T>): Promise<ModelCallResult<T> | null> {
  const tried = { model: spec.candidates[0]!, attempts: 0 };
  try {
    const { result, model, attempts } = await withFallback(spec.candidates, router.config.retry, signal, async (candidate, attempt) => {
      Object.assign(tried, { model: candidate, attempts: attempt });
      return spec.call(await providerFor(router, candidate), candidate);
    });
    if (spec.marksFirstToken) record.markFirstToken();
    const finished = await record.finish({ status: 'ok', model, attempts, promptText: spec.promptText, ...spec.measure(result) });
    return { result, model, finished };
  } catch (error) {
    await recordFailure(router, record, error, tried, spec.promptText);
    return null;
  }
}
