import type { CallHandler } from '../http/call-handler';
import { sendJson } from '../http/send-json';
import { CallRecord } from './call-record';
import { parseEmbeddingRequest } from './embedding-request';
import { runModelCall } from './model-call';
import { UpstreamError } from './providers/errors';
import { resolveTarget } from './resolve';
import type { RouterServices } from './router-services';

/** Little-endian float32, base64: what the OpenAI SDK asks for by default. */
export function toBase64(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}

/** POST /embeddings: OpenAI's shape; `input` string or list; `encoding_format` float | base64. */
export function embeddingsHandler(router: RouterServices): CallHandler {
  return async (state, response) => {
    const body = parseEmbeddingRequest(state.json ?? {});
    const resolution = await resolveTarget(body, 'embeddings', router.purposes, await router.providers.configuredNames());
    const record = new CallRecord(router.usage, router.prices, {
      requestId: state.requestId, keyId: state.apiKey!.id,
      keyTeam: state.apiKey!.team, metadata: body.metadata, purpose: resolution.purpose, kind: 'embeddings',
    });
    const done = await runModelCall(router, record, response, {
      candidates: resolution.candidates,
      promptText: body.input.join('\n'),
      call: (provider, candidate, signal) => {
        if (!provider.embed) throw new UpstreamError(`${candidate.provider} has no embeddings API`, { provider: candidate.provider, isRetryable: false });
        return provider.embed({ model: candidate.name, input: body.input }, { signal });
      },
      measure: (result) => ({ usage: result.usage ? { promptTokens: result.usage.promptTokens, completionTokens: 0, totalTokens: result.usage.promptTokens } : null, outputText: '' }),
      marksFirstToken: false,
    });
    if (!done) return;
    sendJson(response, 200, {
      object: 'list',
      data: done.result.vectors.map((vector, index) => ({ object: 'embedding', index, embedding: body.format === 'base64' ? toBase64(vector) : vector })),
      model: done.model.id,
      usage: { prompt_tokens: done.finished.usage.promptTokens, total_tokens: done.finished.usage.promptTokens },
      router: done.finished.router,
    });
  };
}
