import { ApiError } from '../../support/api-error';
import type { Eventually } from '../../support/eventually';
import { findModel, KNOWN_PROVIDERS, splitModelId, type Capability, type CatalogModel } from './models';
import type { PurposeBook } from './purposes';
import { isOfflineProvider, PROVIDER_DESCRIPTORS } from '../../providers/registry';
import { honouringCandidates, type NeededFeature } from '../request/request-support';

const KIND_NAMES: Record<Capability, string> = { chat: 'a chat', embeddings: 'an embedding', images: 'an image' };

/** The models to try for a request, in order. */
export interface Resolution {
  purpose: string | null;
  candidates: CatalogModel[];
}

/** The offline provider's (mock's) first model of a kind: what a purpose falls back to when none of its providers is configured. */
function offlineFallback(capability: Capability, configured: readonly string[]): CatalogModel[] {
  const offline = PROVIDER_DESCRIPTORS.find(isOfflineProvider);
  const model = offline?.models.find((candidate) => candidate.capability === capability);
  return offline && model && configured.includes(offline.id) ? [findModel(`${offline.id}/${model.name}`)!] : [];
}

/**
 * An explicit model → that model (unknown provider 400, unknown model 404, unconfigured
 * provider 400, wrong capability 400). A purpose → its models whose provider is configured;
 * when none is, and mock is on, the matching mock model (the dev stack without keys).
 * `needs` (chat: request-support.ts neededFeatures) keeps only models that honour the request's
 * optional fields: 400 svc_unsupported_parameter when none does (docs/architecture.md §9). An explicit
 * model is resolved at once (or refused at once); a purpose needs the purpose book.
 */
export function resolveTarget(
  target: { model: string | null; purpose: string | null },
  capability: Capability,
  purposes: PurposeBook,
  configured: readonly string[],
  needs: NeededFeature[] = [],
): Eventually<Resolution> {
  if (target.model === null) return resolvePurpose(target.purpose!, capability, purposes, configured, needs);
  const parts = splitModelId(target.model);
  if (!parts || !KNOWN_PROVIDERS.includes(parts.provider)) {
    throw ApiError.invalidRequest({ model: `unknown provider in "${target.model}"; known: ${KNOWN_PROVIDERS.join(', ')}` });
  }
  const model = findModel(target.model);
  if (!model)
    throw new ApiError(404, 'svc_model_not_found', `No model "${target.model}" is known.`, { params: { model: 'unknown model' } });
  if (!model.capabilities.includes(capability)) {
    throw ApiError.invalidRequest({ model: `"${model.id}" is not ${KIND_NAMES[capability]} model` });
  }
  const candidates = honouringCandidates([model], needs);
  if (!configured.includes(model.provider)) {
    throw ApiError.invalidRequest({ model: `provider "${model.provider}" is not configured on this hub` });
  }
  return { purpose: null, candidates };
}

async function resolvePurpose(
  name: string,
  capability: Capability,
  purposes: PurposeBook,
  configured: readonly string[],
  needs: NeededFeature[],
): Promise<Resolution> {
  const purpose = await purposes.find(name);
  if (!purpose) {
    const known = (await purposes.list()).map((item) => item.purpose).join(', ');
    throw new ApiError(404, 'svc_purpose_not_found', `No purpose "${name}"; known: ${known}.`, { params: { purpose: 'unknown purpose' } });
  }
  const models = purpose.models.map((id) => findModel(id)).filter((model): model is CatalogModel => model !== null);
  if (!models.every((model) => model.capabilities.includes(capability))) {
    throw ApiError.invalidRequest({ purpose: `"${purpose.purpose}" maps to models that are not ${KIND_NAMES[capability]} model` });
  }
  let candidates = models.filter((model) => configured.includes(model.provider));
  if (candidates.length === 0) candidates = offlineFallback(capability, configured);
  if (candidates.length === 0) {
    throw new ApiError(503, 'svc_no_provider', `No provider of purpose "${purpose.purpose}" is configured on this hub.`);
  }
  return { purpose: purpose.purpose, candidates: honouringCandidates(candidates, needs) };
}
