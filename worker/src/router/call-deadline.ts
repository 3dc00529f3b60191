import { ApiError } from '../support/api-error';
import type { CallRecord } from './call-record';
import type { CatalogModel } from './catalog';
import type { RouterServices } from './router-services';
import { StreamDeadlineReached } from './stream-deadline';

/**
 * The end of a blocking call as one signal: aborted when the client hangs up (`client`, with
 * its reason) or when the call reaches its limit (StreamDeadlineReached), whichever comes
 * first; `reached` says the limit passed. One AbortController and a listener rather than a
 * second controller joined by AbortSignal.any, which costs more than the rest of the signal
 * work of a call together on Node 20 (docs/benchmarks.md).
 */
export class CallDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onClientAbort: () => void;
  private passed = false;

  constructor(
    readonly limitMs: number,
    private readonly client: AbortSignal,
  ) {
    this.onClientAbort = () => this.controller.abort(client.reason);
    if (client.aborted) this.controller.abort(client.reason);
    else client.addEventListener('abort', this.onClientAbort, { once: true });
    this.timer = setTimeout(() => {
      this.passed = true;
      this.controller.abort(new StreamDeadlineReached(limitMs));
    }, limitMs);
    this.timer.unref();
  }

  /** Aborted by the client's hang-up or the limit, whichever came first. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The limit passed (whether or not the client had hung up before). */
  get reached(): boolean {
    return this.passed;
  }

  /** The call ended first. */
  clear(): void {
    clearTimeout(this.timer);
    this.client.removeEventListener('abort', this.onClientAbort);
  }
}

/**
 * The longest a blocking call may last (SVC_CALL_MAX_MS, the same setting that ends streams):
 * a proxy in front of the worker is configured to wait longer (deploy/nginx/svc-hub.conf), so
 * the worker is the one that ends a call, answers the contract's error and records it — no
 * client is billed for an answer a proxy cut off. Its signal also ends on `client`.
 */
export function callDeadline(router: RouterServices, client: AbortSignal): CallDeadline {
  return new CallDeadline(router.config.callMaxMs, client);
}

/** The call reached its limit (its upstream request is already aborted): recorded as an error, then thrown as 504. */
export async function endCallAtDeadline(
  router: RouterServices,
  record: CallRecord,
  deadline: { limitMs: number },
  tried: { model: CatalogModel; attempts: number },
  promptText: string,
): Promise<never> {
  const error = new ApiError(504, 'svc_upstream_timeout', `The call reached its maximum duration of ${deadline.limitMs / 1000} s and was ended.`, {
    phase: 'total',
    limit_ms: deadline.limitMs,
  });
  router.logger.warn('call reached its maximum duration', { request_id: record.requestId, limit_ms: deadline.limitMs, attempts: tried.attempts });
  await record.finish({ status: 'error', ...tried, usage: null, promptText, outputText: '', errorCode: error.code });
  throw error;
}
