/**
 * POST /messages/count_tokens (docs/api-notes.md "Anthropic Messages API"): the input tokens of a
 * Messages request, validated as /messages validates it (without `max_tokens`, which Anthropic's
 * endpoint does not take). A provider with a count endpoint of its own answers (Anthropic's
 * `/v1/messages/count_tokens`, free); for the others the router estimates by the rule mock/echo
 * bills with (providers/mock/billing.ts). Nothing is reserved or billed: counting costs nothing.
 */
import { andThen } from '../../support/eventually';
import type { Raw } from '../../support/problems';
import { inputTokens } from '../../providers/mock/billing';
import { toApiError } from '../calls/attempts';
import type { CallServices, PrepareServices } from '../calls/call-services';
import { providerRequest } from '../calls/provider-call';
import { resolveTarget } from '../catalog/resolve';
import { neededFeatures } from '../request/request-support';
import { readMessagesRequest } from './request';
import { describeProvider } from '../../providers/registry';

export interface TokenCount {
  inputTokens: number;
  /** True when the router estimated the figure; false when the model's provider counted it. */
  estimated: boolean;
}

/** A placeholder only for the shared validation, which requires max_tokens; it is never sent. */
const UNSENT_MAX_TOKENS = 1;

export async function countTokens(
  services: CallServices & PrepareServices,
  raw: Raw,
  signal: AbortSignal,
  betas?: string,
): Promise<TokenCount> {
  const { body, nativeOnly } = readMessagesRequest({ max_tokens: UNSENT_MAX_TOKENS, ...raw, stream: false }, betas);
  const resolution = await andThen(services.providers.configuredNames(), (configured) =>
    resolveTarget(body, 'chat', services.purposes, configured, neededFeatures(body)),
  );
  // What only Anthropic's own models take (server tools, top_k…) is refused for the others, as /messages refuses it.
  const speaks = (provider: string) => describeProvider(provider)?.nativeDialects?.includes('anthropic-messages') ?? false;
  const model = (nativeOnly ? resolution.candidates.filter((candidate) => speaks(candidate.provider)) : resolution.candidates)[0];
  if (!model) throw nativeOnly!;
  const request = providerRequest(body, model);
  const provider = await services.providers.get(model.provider);
  if (!provider?.countTokens) return { inputTokens: inputTokens(request), estimated: true };
  try {
    return { inputTokens: await provider.countTokens(request, { signal }), estimated: false };
  } catch (error) {
    throw toApiError(error);
  }
}
