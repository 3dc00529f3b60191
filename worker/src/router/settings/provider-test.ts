import { ApiError } from '../../support/api-error';
import { toApiError } from '../calls/attempts';
import { CATALOG, findModel, splitModelId } from '../catalog/models';
import { describeProvider } from '../../providers/registry';
import type { RouterServices } from '../router-services';

/** Longest a test call may take, whatever the configured timeouts. */
const TEST_DEADLINE_MS = 20_000;

export interface ProviderTestResult {
  object: 'provider_test';
  provider: string;
  model: string;
  ok: boolean;
  latency_ms: number;
  /** The contract's error for a failed call: code, message, upstream status; never the provider's text. */
  error: { code: string; message: string; upstream_status: number | null } | null;
}

/** `model` from the request body, or the provider's default test model; it must be a chat model of that provider. */
export function testModelFor(provider: string, requested: unknown): string {
  // The descriptor's test model: the provider's cheapest chat model (none for compat: the admin names one).
  const model =
    requested === undefined || requested === null || requested === '' ? (describeProvider(provider)?.testModel ?? undefined) : requested;
  if (typeof model !== 'string') throw ApiError.invalidRequest({ model: `give a chat model of ${provider}, e.g. ${provider}/<model>` });
  const found = findModel(model);
  if (!found || splitModelId(model)?.provider !== provider || !found.capabilities.includes('chat')) {
    const known = CATALOG.filter((entry) => entry.provider === provider && entry.capabilities.includes('chat')).map((entry) => entry.id);
    throw ApiError.invalidRequest({
      model: `must be a chat model of ${provider}${known.length > 0 ? ` (${known.join(', ')})` : ', e.g. compat/<model>'}`,
    });
  }
  return model;
}

/**
 * "Test connection": one real, minimal chat call (one user word, at most one token) through
 * the provider module with the settings in force now. The outcome is the answer, success or
 * not; secrets and the provider's own error text never leave the worker.
 */
export async function testProvider(
  router: Pick<RouterServices, 'logger' | 'providers'>,
  provider: string,
  requestedModel: unknown,
): Promise<ProviderTestResult> {
  const model = testModelFor(provider, requestedModel);
  const result = (ok: boolean, latencyMs: number, error: ProviderTestResult['error']): ProviderTestResult => ({
    object: 'provider_test',
    provider,
    model,
    ok,
    latency_ms: Math.round(latencyMs * 10) / 10,
    error,
  });
  const instance = await router.providers.get(provider);
  if (!instance) {
    return result(false, 0, {
      code: 'svc_provider_not_configured',
      message: `${provider} is not configured or is disabled.`,
      upstream_status: null,
    });
  }
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
  try {
    await instance.chat(
      { model: splitModelId(model)!.name, messages: [{ role: 'user', content: 'ping' }], maxTokens: 1 },
      { signal: AbortSignal.timeout(TEST_DEADLINE_MS) },
    );
    return result(true, elapsed(), null);
  } catch (error) {
    const latency = elapsed();
    router.logger.warn('provider test failed', {
      provider,
      model,
      error: error instanceof Error ? error.message.slice(0, 500) : String(error),
    });
    const apiError =
      error instanceof Error && error.name === 'TimeoutError'
        ? new ApiError(504, 'svc_upstream_timeout', `The model provider ${provider} did not answer within ${TEST_DEADLINE_MS / 1000} s.`)
        : toApiError(error);
    const upstreamStatus = typeof apiError.data.upstream_status === 'number' ? apiError.data.upstream_status : null;
    return result(false, latency, { code: apiError.code, message: apiError.message, upstream_status: upstreamStatus });
  }
}
