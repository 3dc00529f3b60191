import { ApiError } from '../../support/api-error';
import type { CallRecord } from '../usage/call-record';
import type { CatalogModel } from '../catalog/models';
import type { CallServices } from './call-services';
import { CallSignal } from './call-signal';
import { StreamDeadlineReached } from './stream-deadline';

/**
 * Who ends a blocking call early: the client. Either its signal (clientSignal()), or its HTTP
 * response itself: then the call watches the response's 'close' (before the answer was
 * written: a hang-up) and needs no signal of its own.
 */
export type CallClient = AbortSignal | ClientResponse;

/** The part of a node ServerResponse a call watches. */
export interface ClientResponse {
  once(event: 'close', listener: () => void): unknown;
  off(event: 'close', listener: () => void): unknown;
  readonly writableFinished: boolean;
}

/** The reason a call ends with when its client hangs up (as clientSignal() gives it). */
export function clientClosed(): Error {
  return Object.assign(new Error('client closed the connection'), { name: 'AbortError' });
}

/**
 * The end of a blocking call as one signal: aborted when the client hangs up (with the
 * hang-up's reason) or when the call reaches its limit (StreamDeadlineReached), whichever
 * comes first; `reached` says the limit passed, `clientGone` that the client left. One
 * CallSignal (call-signal.ts: an AbortSignal without a real one's cost), listening to the
 * client's signal or response, rather than a second controller joined to the client's by
 * AbortSignal.any: each real signal and AbortSignal.any costs measurable time a call on the
 * direct lane (docs/benchmarks.md).
 */
export class CallDeadline {
  private readonly ended = new CallSignal();
  private readonly timer: NodeJS.Timeout;
  private readonly onClientEnd: () => void;
  private passed = false;
  private left = false;

  constructor(
    readonly limitMs: number,
    private readonly client: CallClient,
  ) {
    if (client instanceof AbortSignal) {
      this.onClientEnd = () => this.end(client.reason);
      if (client.aborted) this.end(client.reason);
      else client.addEventListener('abort', this.onClientEnd, { once: true });
    } else {
      this.onClientEnd = () => {
        if (!client.writableFinished) this.end(clientClosed());
      };
      client.once('close', this.onClientEnd);
    }
    this.timer = setTimeout(() => {
      this.passed = true;
      this.ended.abort(new StreamDeadlineReached(limitMs));
    }, limitMs);
    this.timer.unref();
  }

  /** Aborted by the client's hang-up or the limit, whichever came first. */
  get signal(): AbortSignal {
    return this.ended;
  }

  /** The limit passed (whether or not the client had hung up before). */
  get reached(): boolean {
    return this.passed;
  }

  /** The client hung up (before or after the limit). */
  get clientGone(): boolean {
    return this.left;
  }

  /** The call ended first. */
  clear(): void {
    clearTimeout(this.timer);
    if (this.client instanceof AbortSignal) this.client.removeEventListener('abort', this.onClientEnd);
    else this.client.off('close', this.onClientEnd);
  }

  private end(reason: unknown): void {
    this.left = true;
    this.ended.abort(reason);
  }
}

/**
 * The longest a blocking call may last (SVC_CALL_MAX_MS, the same setting that ends streams):
 * a proxy in front of the worker is configured to wait longer (deploy/nginx/svc-hub.conf), so
 * the worker is the one that ends a call, answers the contract's error and records it — no
 * client is billed for an answer a proxy cut off. Its signal also ends when `client` hangs up.
 */
export function callDeadline(router: Pick<CallServices, 'config'>, client: CallClient): CallDeadline {
  return new CallDeadline(router.config.callMaxMs, client);
}

/** The call reached its limit (its upstream request is already aborted): recorded as an error, then thrown as 504. */
export async function endCallAtDeadline(
  router: Pick<CallServices, 'logger'>,
  record: CallRecord,
  deadline: { limitMs: number },
  tried: { model: CatalogModel; attempts: number },
  promptText: string,
): Promise<never> {
  const error = new ApiError(
    504,
    'svc_upstream_timeout',
    `The call reached its maximum duration of ${deadline.limitMs / 1000} s and was ended.`,
    {
      phase: 'total',
      limit_ms: deadline.limitMs,
    },
  );
  router.logger.warn('call reached its maximum duration', {
    request_id: record.requestId,
    limit_ms: deadline.limitMs,
    attempts: tried.attempts,
  });
  await record.finish({ status: 'error', ...tried, usage: null, promptText, outputText: '', errorCode: error.code });
  throw error;
}
