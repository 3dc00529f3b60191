import { ApiError } from '../../support/api-error';
import { andThen, type Eventually } from '../../support/eventually';
import { AttemptsExhausted, isAbort, toApiError } from './attempts';
import type { CallRecord } from '../usage/call-record';
import type { CatalogModel } from '../catalog/models';
import type { ParsedChatRequest } from '../request/chat-request';
import { withImagesPrepared } from './image-ready-provider';
import { UpstreamError } from '../../providers/errors';
import { describeProvider } from '../../providers/registry';
import type { ChatRequest, Provider } from '../../providers/types';
import type { CallServices } from './call-services';
import { withResponseCache, type CacheContext } from '../response-cache/cached-provider';
import type { AnswerHeaders } from './answer-stream';

/**
 * Small pieces every call path shares. The provider for a model, with its key pool, image
 * preparation and response cache in front: at once when their settings are cached.
 */
export function providerFor(router: CallServices, model: CatalogModel, cache?: CacheContext): Eventually<Provider> {
  return andThen(router.providers.get(model.provider), (provider) => {
    if (!provider) throw new UpstreamError(`${model.provider} is not configured`, { provider: model.provider, isRetryable: false });
    return andThen(router.keyPools.wrap(provider), (pooled) => {
      const prepared = withImagesPrepared(pooled, router.images, describeProvider(model.provider)?.fetchesImageUrls ?? true);
      return withResponseCache(router.responseCache, prepared, model.id, cache);
    });
  });
}

/** The header that reports the output limit a call runs with (docs/api-notes.md "Budgets"). */
export const MAX_OUTPUT_HEADER = 'x-svc-max-output-tokens';

/**
 * After the reservation: a call that named no output limit runs with the one it was given
 * (CallRecord.maxOutputTokens), and the answer's headers say the limit it runs with.
 */
export function applyOutputLimit(body: { maxTokens?: number }, record: CallRecord, headers?: AnswerHeaders): void {
  if (body.maxTokens === undefined && record.maxOutputTokens !== null) body.maxTokens = record.maxOutputTokens;
  if (headers && record.maxOutputTokens !== null) headers.set(MAX_OUTPUT_HEADER, String(record.maxOutputTokens));
}

export function providerRequest(body: ParsedChatRequest, model: CatalogModel): ChatRequest {
  const { purpose: _purpose, metadata: _metadata, stream: _stream, includeUsage: _includeUsage, ...request } = body;
  return { ...request, model: model.name };
}

/**
 * The end of a blocking call that did not succeed: a client hang-up is recorded as aborted
 * (nothing to answer); exhausted attempts are recorded as an error and thrown as the
 * contract's error with `data.attempts`; anything else is rethrown as it is.
 */
export async function recordFailure(
  router: Pick<CallServices, 'logger'>,
  record: CallRecord,
  error: unknown,
  tried: { model: CatalogModel; attempts: number },
  promptText: string,
): Promise<void> {
  if (isAbort(error)) {
    await record.finish({ status: 'aborted', ...tried, usage: null, promptText, outputText: '', errorCode: 'client_closed' });
    return;
  }
  if (!(error instanceof AttemptsExhausted)) throw error;
  logUpstreamFailure(router, record, error.lastError, error.attempts);
  const apiError = toApiError(error.lastError);
  await record.finish({
    status: 'error',
    model: error.lastModel,
    attempts: error.attempts,
    usage: null,
    promptText,
    outputText: '',
    errorCode: apiError.code,
  });
  throw new ApiError(apiError.status, apiError.code, apiError.message, { ...apiError.data, attempts: error.attempts });
}

/** The provider's full error, for the operator (never sent to the client). */
export function logUpstreamFailure(router: Pick<CallServices, 'logger'>, record: CallRecord, error: unknown, attempts: number): void {
  router.logger.warn('model call failed', {
    request_id: record.requestId,
    attempts,
    error: error instanceof Error ? error.message.slice(0, 500) : String(error),
  });
}
