/**
 * Mistral (api.mistral.ai/v1), OpenAI-compatible with these differences:
 * - it rejects `stream_options` with a 422 ("extra_forbidden") and needs none — usage arrives
 *   on the last chunk that still has a choice with `finish_reason`
 *   (__fixtures__/mistral-text.chunks.txt); it rejects every other unknown field the same way,
 *   so `user`, `logit_bias`, `logprobs` and `reasoning_effort` are never sent (the catalog
 *   refuses the last three for Mistral models before a call; `user` is only an identifier);
 * - the seed is `random_seed`; "must call a tool" is `tool_choice: "any"`;
 * - tool-call ids are 9 letters or digits: ids from elsewhere in the history (`call_…`) are
 *   replaced by a stable 9-character digest, the same in the assistant turn and its `tool` answer;
 * - no `developer` role (sent as `system`); `json_object` and `json_schema` as OpenAI sends them;
 * - an embedding's length is `output_dimension` (codestral-embed; mistral-embed has none).
 * Streamed tool calls come whole, without `index` (mistral-tool-call.chunks.txt) or, for some
 * hosted models, in two deltas the second with `name: ""` (mistral-tool-call-incremental).
 */
import { createOpenAiCompatibleProvider } from '../openai-compatible/openai-compatible';
import type { ProviderFactory } from '../types';

export const createMistralProvider: ProviderFactory = (settings) =>
  createOpenAiCompatibleProvider(settings, {
    streamUsageOption: false,
    seedField: 'random_seed',
    requiredToolChoice: 'any',
    toolCallIds: 'nine-characters',
    openAiOnlyFields: false,
    dimensionsField: 'output_dimension',
  });
