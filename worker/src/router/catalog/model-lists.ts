import { ApiError } from '../../support/api-error';
import { CATALOG, findModel } from './models';
import { modelEntry } from './model-listing';
import type { RouterServices } from '../router-services';

/** What the model lists read: the configured providers, admin prices and purposes. */
export type ModelListServices = Pick<RouterServices, 'prices' | 'providers' | 'purposes'>;

/** The body of GET /models: the catalog models of configured providers, with capabilities and prices. */
export async function modelList(router: ModelListServices) {
  const configured = new Set(await router.providers.configuredNames());
  const data = await Promise.all(
    CATALOG.filter((model) => configured.has(model.provider)).map(async (model) =>
      modelEntry(model, await router.prices.priceFor(model.id)),
    ),
  );
  return { object: 'list', data };
}

/**
 * The body of GET /models/{id}: the model as GET /models lists it, or as an open-model provider
 * (OpenRouter, Ollama, compat) serves any name; 404 svc_model_not_found when unknown or its
 * provider is not configured here.
 */
export async function oneModel(router: ModelListServices, id: string) {
  const model = findModel(id);
  if (!model || !(await router.providers.configuredNames()).includes(model.provider))
    throw new ApiError(404, 'svc_model_not_found', `No model "${id}" is known.`, { params: { model: 'unknown model' }, model: id });
  return modelEntry(model, await router.prices.priceFor(model.id));
}

/** The body of GET /models/purposes: each purpose, its models and those of them usable now. */
export async function purposeList(router: ModelListServices) {
  const configured = new Set(await router.providers.configuredNames());
  const data = (await router.purposes.list()).map((purpose) => ({
    purpose: purpose.purpose,
    description: purpose.description,
    models: purpose.models,
    available_models: purpose.models.filter((id) => configured.has(findModel(id)?.provider ?? '')),
    shipped_default: purpose.shipped,
  }));
  return { object: 'list', data };
}
