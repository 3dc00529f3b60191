import { ApiError } from '../../support/api-error';
import { CATALOG, findModel } from '../catalog/models';
import { dimensionCandidates, parseEmbeddingRequest } from './embedding-request';

const models = (...ids: string[]) => ids.map((id) => findModel(id)!);

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a refusal');
}

describe('embeddings dimensions', () => {
  it('reads a positive integer and refuses anything else naming dimensions', () => {
    expect(parseEmbeddingRequest({ model: 'mock/embed', input: 'x', dimensions: 64 }).dimensions).toBe(64);
    expect(parseEmbeddingRequest({ model: 'mock/embed', input: 'x' }).dimensions).toBeNull();
    for (const bad of [0, -1, 1.5, '64', true, 70_000]) {
      const error = refusal(() => parseEmbeddingRequest({ model: 'mock/embed', input: 'x', dimensions: bad }));
      expect([error.status, error.code, Object.keys((error.data as { params: object }).params)]).toEqual([
        400,
        'svc_invalid_request',
        ['dimensions'],
      ]);
    }
  });

  it('keeps models that can answer that length: shortening ones up to their size, any at its own size', () => {
    expect(dimensionCandidates(models('openai/text-embedding-3-small'), 64, false).map((model) => model.id)).toEqual([
      'openai/text-embedding-3-small',
    ]);
    expect(dimensionCandidates(models('openai/text-embedding-ada-002'), 1536, false)).toHaveLength(1);
    expect(dimensionCandidates(models('mistral/mistral-embed'), null, false)).toHaveLength(1);
    expect(dimensionCandidates(models('openrouter/some/embed-model'), 4096, false)).toHaveLength(1);
  });

  it('refuses a model that cannot shorten with svc_unsupported_parameter naming dimensions and the model', () => {
    for (const id of ['openai/text-embedding-ada-002', 'mistral/mistral-embed']) {
      const error = refusal(() => dimensionCandidates(models(id), 64, false));
      expect([error.status, error.code]).toEqual([400, 'svc_unsupported_parameter']);
      expect(error.data).toMatchObject({ params: { dimensions: expect.any(String) }, model: id });
      expect(error.message).toContain(id);
    }
  });

  it('refuses more than the model holds with svc_invalid_request naming its limit', () => {
    const error = refusal(() => dimensionCandidates(models('openai/text-embedding-3-small'), 1537, false));
    expect([error.status, error.code]).toEqual([400, 'svc_invalid_request']);
    expect((error.data as { params: Record<string, string> }).params.dimensions).toContain('1536');
    expect(dimensionCandidates(models('openai/text-embedding-3-large'), 3072, false)).toHaveLength(1);
    expect(refusal(() => dimensionCandidates(models('mock/embed'), 257, false)).code).toBe('svc_invalid_request');
  });

  it('knows the length of every catalogued embedding model', () => {
    const embedding = CATALOG.filter((model) => model.capabilities.includes('embeddings'));
    expect(embedding.filter((model) => !model.embedding?.size).map((model) => model.id)).toEqual([]);
    expect(CATALOG.filter((model) => model.capabilities.includes('chat')).every((model) => model.embedding === null)).toBe(true);
  });

  it('lets a purpose skip models that cannot, and refuses only when none can', () => {
    const purpose = models('mistral/mistral-embed', 'openai/text-embedding-3-small', 'google/gemini-embedding-001');
    expect(dimensionCandidates(purpose, 64, true).map((model) => model.id)).toEqual([
      'openai/text-embedding-3-small',
      'google/gemini-embedding-001',
    ]);
    expect(dimensionCandidates(purpose, 2048, true).map((model) => model.id)).toEqual(['google/gemini-embedding-001']);
    const error = refusal(() => dimensionCandidates(models('mistral/mistral-embed', 'openai/text-embedding-ada-002'), 64, true));
    expect(error.code).toBe('svc_unsupported_parameter');
    expect(error.data).toMatchObject({ model: ['mistral/mistral-embed', 'openai/text-embedding-ada-002'] });
  });
});
