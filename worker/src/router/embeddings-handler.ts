import type { CallHandler } from '../http/call-handler';
import { sendJson } from '../http/send-json';
import { withFallback } from './attempts';
import { CallRecord } from './call-record';
import { parseEmbeddingRequest } from './embedding-request';
import { clientSignal, providerFor, recordFailure } from './provider-call';
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
    const promptText = body.input.join('\n');
    await record.reserve(router.budgets, state.apiKey!.siteUrl, resolution.candidates[0]!, { promptText, embeddings: true });
    const signal = clientSignal(response);
    const tried = { model: resolution.candidates[0]!, attempts: 0 };
    try {
      const { result, model, attempts } = await withFallback(resolution.candidates, router.config.retry, signal, async (candidate, attempt) => {
        Object.assign(tried, { model: candidate, attempts: attempt });
        const provider = await providerFor(router, candidate);
        if (!provider.embed) throw new UpstreamError(`${candidate.provider} has no embeddings API`, { provider: candidate.provider, isRetryable: false });
        return provider.embed({ model: candidate.name, input: body.input }, { signal });
      });
      const usage = result.usage ? { promptTokens: result.usage.promptTokens, completionTokens: 0, totalTokens: result.usage.promptTokens } : null;
      const finished = await record.finish({ status: 'ok', model, attempts, usage, promptText, outputText: '' });
      sendJson(response, 200, {
        object: 'list',
        data: result.vectors.map((vector, index) => ({ object: 'embedding', index, embedding: body.format === 'base64' ? toBase64(vector) : vector })),
        model: model.id,
        usage: { prompt_tokens: finished.usage.promptTokens, total_tokens: finished.usage.promptTokens },
        router: finished.router,
      });
    } catch (error) {
      await recordFailure(router, record, error, tried, promptText);
    }
  };
}
