import type { Raw } from '../../support/problems';
import type { CallClient } from './call-deadline';
import { CallRecord } from '../usage/call-record';
import { embeddingsBound } from '../budgets/estimate';
import { callIdentity, type Caller } from './chat-call';
import { dimensionCandidates, parseEmbeddingRequest } from '../request/embedding-request';
import { runModelCall } from './model-call';
import { UpstreamError } from '../../providers/errors';
import { resolveTarget } from '../catalog/resolve';
import type { CatalogModel } from '../catalog/models';
import type { EmbeddingResult } from '../../providers/types';
import type { CallServices, PrepareServices } from './call-services';

/** Little-endian float32, base64: what the OpenAI SDK asks for by default. */
export function toBase64(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}

/**
 * Vectors of the asked length, or an error naming the provider: a server that ignored `dimensions`
 * (an older Ollama, an OpenAI-compatible server) must not answer 256 floats to a request for 64.
 */
export function checkedLength(result: EmbeddingResult, dimensions: number | null, model: CatalogModel): EmbeddingResult {
  if (dimensions === null || result.vectors.every((vector) => vector.length === dimensions)) return result;
  throw new UpstreamError(`${model.provider} answered vectors of another length than dimensions=${dimensions}`, {
    provider: model.provider,
    isRetryable: false,
  });
}

/**
 * POST /embeddings: OpenAI's shape; `input` string or list; `encoding_format` float | base64; `dimensions`.
 * The answer's body, or null when the client hung up (recorded); `client`: its signal or its HTTP response.
 */
export async function embeddingsCall(router: CallServices & PrepareServices, raw: Raw, caller: Caller, client: CallClient) {
  const body = parseEmbeddingRequest(raw);
  const resolution = await resolveTarget(body, 'embeddings', router.purposes, await router.providers.configuredNames());
  const candidates = dimensionCandidates(resolution.candidates, body.dimensions, resolution.purpose !== null);
  const record = new CallRecord(router.usage, router.prices, callIdentity(caller, body.metadata, resolution.purpose, 'embeddings'));
  await record.reserve(router.budgets, caller.siteUrl, embeddingsBound(body.input, candidates));
  const done = await runModelCall(router, record, client, {
    candidates,
    promptText: body.input.join('\n'),
    call: (provider, candidate, ended) => {
      if (!provider.embed)
        throw new UpstreamError(`${candidate.provider} has no embeddings API`, { provider: candidate.provider, isRetryable: false });
      const shortens = body.dimensions !== null && candidate.embedding?.shortens === true;
      const request = { model: candidate.name, input: body.input, ...(shortens && { dimensions: body.dimensions! }) };
      return provider.embed(request, { signal: ended }).then((result) => checkedLength(result, body.dimensions, candidate));
    },
    measure: (result) => ({
      usage: result.usage ? { promptTokens: result.usage.promptTokens, completionTokens: 0, totalTokens: result.usage.promptTokens } : null,
      outputText: '',
    }),
    marksFirstToken: false,
  });
  if (!done) return null;
  return {
    object: 'list',
    data: done.result.vectors.map((vector, index) => ({
      object: 'embedding',
      index,
      embedding: body.format === 'base64' ? toBase64(vector) : vector,
    })),
    model: done.model.id,
    usage: { prompt_tokens: done.finished.usage.promptTokens, total_tokens: done.finished.usage.promptTokens },
    router: done.finished.router,
  };
}
