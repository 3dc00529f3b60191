/**
 * Groq (api.groq.com/openai/v1), OpenAI-compatible. Usage comes on the chunk with the
 * `finish_reason`, at the top level and/or in `x_groq.usage` (timing fields beside the counts):
 * the vendor block is read when the top level has none
 * (__fixtures__/groq-x-groq-usage-synthetic.chunks.txt). Streamed tool calls come whole, in
 * one delta (groq-tool-call.chunks.txt). It refuses `logprobs`, `top_logprobs` and
 * `logit_bias` with a 400; the catalog refuses them for Groq models before a call. No
 * embeddings API.
 */
import { createOpenAiCompatibleProvider } from '../openai-compatible/openai-compatible';
import type { ProviderFactory } from '../types';

export const createGroqProvider: ProviderFactory = (settings) =>
  createOpenAiCompatibleProvider(settings, { embeddings: false, usage: { usageBlock: 'x_groq' } });
