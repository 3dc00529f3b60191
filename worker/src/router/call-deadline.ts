import { ApiError } from '../support/api-error';
import type { CallRecord } from './call-record';
import type { CatalogModel } from './catalog';
import type { RouterServices } from './router-services';
import { StreamDeadline } from './stream-deadline';

/**
 * The longest a blocking call may last (SVC_CALL_MAX_MS, the same setting that ends streams):
 * a proxy in front of the worker is configured to wait longer (deploy/nginx/svc-hub.conf), so
 * the worker is the one that ends a call, answers the contract's error and records it — no
 * client is billed for an answer a proxy cut off.
 */
export function callDeadline(router: RouterServices): StreamDeadline {
  return new StreamDeadline(router.config.callMaxMs);
}

/** The call reached its limit (its upstream request is already aborted): recorded as an error, then thrown as 504. */
export async function endCallAtDeadline(
  router: RouterServices,
  record: CallRecord,
  deadline: StreamDeadline,
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
