/**
 * DeepSeek (api.deepseek.com), OpenAI-compatible: `max_tokens`, `system` for `developer`,
 * `stream_options` honoured. Its extras are read by the shared base: `reasoning_content`
 * (deepseek-reasoner's thinking, never part of the answer) is ignored, and
 * `prompt_cache_hit_tokens` stands for the cached tokens when `prompt_tokens_details` is absent
 * (__fixtures__/deepseek-reasoner-cache-hit-synthetic.chunks.txt). No embeddings API.
 */
import { createOpenAiCompatibleProvider } from '../openai-compatible/openai-compatible';
import type { ProviderFactory } from '../types';

export const createDeepSeekProvider: ProviderFactory = (settings) => createOpenAiCompatibleProvider(settings, { embeddings: false });
