/**
 * The OpenAI-only request fields (ChatRequest.openAiFields, checked by the router) that go to
 * OpenAI, each only to the models that take it (docs/api-notes.md "Request fields, one by
 * one"). The router already refused `modalities`/`audio`, `web_search_options` and
 * `verbosity` for models without them; the rest are hints that change nothing the client
 * receives, left out where OpenAI would refuse them.
 */
import type { JsonObject } from '../shared/schema';
import type { ChatRequest } from '../types';

/** Predicted Outputs: the gpt-4o and gpt-4.1 families, without tools, logprobs or penalties (OpenAI's predicted-outputs guide). */
const PREDICTS = /^gpt-4(o|\.1)/;
/** Extended (24 h) prompt cache retention (OpenAI's prompt-caching guide). */
const KEEPS_CACHE_A_DAY = /^(gpt-4\.1|gpt-5|gpt-5-codex|gpt-5\.\d+(-codex(-mini)?|-chat-latest)?)$/;

function predicts(request: ChatRequest): boolean {
  return (
    PREDICTS.test(request.model) &&
    request.tools === undefined &&
    request.logprobs !== true &&
    !request.presencePenalty &&
    !request.frequencyPenalty
  );
}

/** The fields of `request.openAiFields` OpenAI's `request.model` takes. */
export function openAiPassedFields(request: ChatRequest): JsonObject {
  const fields = request.openAiFields;
  if (!fields) return {};
  const passed: JsonObject = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'prediction' && !predicts(request)) continue;
    if (name === 'prompt_cache_retention' && value === '24h' && !KEEPS_CACHE_A_DAY.test(request.model)) continue;
    passed[name] = value;
  }
  return passed;
}
