import { CATALOG, KNOWN_PROVIDERS, OPEN_MODEL_PROVIDERS, findModel } from './models';
import { DEFAULT_PURPOSES } from './purposes';
import { PROVIDER_ENVIRONMENT } from '../settings/provider-hosts';
import { NETWORK_PROVIDERS, PROVIDER_DESCRIPTORS } from '../../providers/registry';

/** What the router derives from the provider descriptors instead of repeating provider names. */
describe('the catalog, derived from the provider descriptors', () => {
  it('knows every provider, in registry order, and the open-model ones', () => {
    expect(KNOWN_PROVIDERS).toEqual(PROVIDER_DESCRIPTORS.map((descriptor) => descriptor.id));
    expect([...OPEN_MODEL_PROVIDERS].sort()).toEqual(
      PROVIDER_DESCRIPTORS.filter((descriptor) => descriptor.openModels)
        .map((descriptor) => descriptor.id)
        .sort(),
    );
    expect(Object.keys(PROVIDER_ENVIRONMENT)).toEqual(NETWORK_PROVIDERS.map((descriptor) => descriptor.id));
    expect(PROVIDER_ENVIRONMENT.ollama).toEqual({ key: undefined, baseUrl: 'OLLAMA_BASE_URL', needsKey: false });
  });

  it('prices a model as its descriptor does: cache read defaults to the input price, cache write to 0', () => {
    expect(findModel('openai/gpt-4o-mini')).toMatchObject({
      inputPerMtok: 0.15,
      outputPerMtok: 0.6,
      cacheReadPerMtok: 0.075,
      cacheWritePerMtok: 0,
      contextWindow: 128_000,
    });
    expect(findModel('mistral/mistral-small-latest')).toMatchObject({ inputPerMtok: 0.1, cacheReadPerMtok: 0.1, cacheWritePerMtok: 0 });
    expect(findModel('anthropic/claude-sonnet-4-5')).toMatchObject({ cacheReadPerMtok: 0.3, cacheWritePerMtok: 3.75 });
  });

  it('merges provider and model support; embedding models support nothing', () => {
    expect(findModel('openai/gpt-4o')!.supports).toMatchObject({ reasoning: false, logprobs: true });
    expect(findModel('openai/o3')!.supports).toMatchObject({
      reasoning: true,
      logprobs: false,
      penalties: false,
      logitBias: false,
      tools: true,
    });
    expect(findModel('mistral/mistral-large-latest')!.supports.images).toBe(false);
    expect(Object.values(findModel('openai/text-embedding-3-small')!.supports).some(Boolean)).toBe(false);
    expect(findModel('ollama/some-new-model')!.supports).toMatchObject({ logprobs: false, seed: true });
    expect(findModel('openai/gpt-9')).toBeNull();
  });

  it('builds the shipped purposes from the places descriptors give their models, primary first', () => {
    expect(Object.fromEntries(DEFAULT_PURPOSES.map((purpose) => [purpose.purpose, purpose.models]))).toEqual({
      'customer-care': ['anthropic/claude-3-5-haiku-latest', 'openai/gpt-4o-mini', 'google/gemini-2.0-flash'],
      sales: ['openai/gpt-4o', 'anthropic/claude-sonnet-4-5', 'openai/gpt-4o-mini'],
      'internal-advisory': ['anthropic/claude-sonnet-4-5', 'openai/gpt-4.1', 'google/gemini-2.5-pro'],
      'semantic-search': ['openai/text-embedding-3-small', 'mistral/mistral-embed', 'google/gemini-embedding-001'],
      fast: ['google/gemini-2.0-flash', 'openai/gpt-4o-mini', 'mistral/mistral-small-latest'],
      quality: ['anthropic/claude-sonnet-4-5', 'openai/gpt-4.1', 'google/gemini-2.5-pro'],
    });
  });

  it('gives no two models the same place in a purpose, and every purpose one kind of model', () => {
    for (const purpose of DEFAULT_PURPOSES) {
      const places = PROVIDER_DESCRIPTORS.flatMap((descriptor) =>
        descriptor.models.flatMap((model) => (model.purposes?.[purpose.purpose] === undefined ? [] : [model.purposes[purpose.purpose]])),
      );
      expect(new Set(places).size).toBe(places.length);
      expect(new Set(purpose.models.map((id) => findModel(id)!.capabilities[0])).size).toBe(1);
    }
    expect(CATALOG.every((model) => model.id === `${model.provider}/${model.name}`)).toBe(true);
  });
});
