import type { Reply } from './answer';
import { sseData, type StreamFraming } from './flow';
import { choiceLogprobs } from './openai-logprobs';
import { hostedFinishExtras, hostedUsageBody, isHosted, type HostedFlavour } from './hosted-compatible';

/** OpenAI itself, and the OpenAI-compatible servers the router talks to. */
export type OpenAiFlavour = 'openai' | 'mistral' | 'openrouter' | 'compat' | HostedFlavour;

export interface CompletionUsage {
  promptTokens: number;
  completionTokens: number;
  /** Of promptTokens, read from the cache; of completionTokens, reasoning (OpenAI and OpenRouter report them; 0 unless scripted). */
  cachedTokens?: number;
  reasoningTokens?: number;
}

/** OpenRouter's `usage.cost` (USD) at gpt-4o-mini's list price, for every model. */
export function openRouterCost(usage: CompletionUsage): number {
  return Number(((usage.promptTokens * 0.15 + usage.completionTokens * 0.6) / 1e6).toFixed(10));
}

/** `usage` as each flavour spells it (fixtures: openai-text, mistral-text; OpenRouter docs). */
export function usageBody(flavour: OpenAiFlavour, usage: CompletionUsage): Record<string, unknown> {
  if (isHosted(flavour)) return hostedUsageBody(flavour, usage);
  const { promptTokens: prompt_tokens, completionTokens: completion_tokens } = usage;
  const total_tokens = prompt_tokens + completion_tokens;
  switch (flavour) {
    case 'openai':
      return {
        prompt_tokens,
        completion_tokens,
        total_tokens,
        prompt_tokens_details: { cached_tokens: usage.cachedTokens ?? 0, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: usage.reasoningTokens ?? 0,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
      };
    case 'mistral':
      return { prompt_tokens, total_tokens, completion_tokens };
    case 'openrouter':
      return {
        prompt_tokens,
        completion_tokens,
        total_tokens,
        cost: openRouterCost(usage),
        is_byok: false,
        prompt_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
        cost_details: { upstream_inference_cost: null },
        completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
      };
    case 'compat':
      return { prompt_tokens, completion_tokens, total_tokens };
  }
}

export interface StreamSetup {
  flavour: OpenAiFlavour;
  id: string;
  created: number;
  /** The model name as the provider reports it. */
  model: string;
  reply: Reply;
  promptTokens: number;
  /** The request asked for `stream_options.include_usage` (OpenAI and compat send usage only then). */
  includeUsage: boolean;
  noUsage: boolean;
  /** Usage figures a test scripted (scripted-usage.ts), over the counted ones. */
  scriptedUsage?: Partial<CompletionUsage>;
  /** The request asked for logprobs (openai-logprobs.ts): how many alternatives per token; null or absent when not. */
  logprobs?: number | null;
}

/**
 * `data: <chat.completion.chunk>\n\n` events and `data: [DONE]`, with usage where each flavour
 * puts it: OpenAI/compat an extra `choices: []` chunk only when asked; Mistral on the last
 * chunk that has a `finish_reason`; OpenRouter after `: OPENROUTER PROCESSING` comments, in
 * the last event, with `usage.cost`. Asked for logprobs, each content chunk's choice carries
 * its token's (openai-logprobs.ts).
 */
export function openAiStreamFraming(setup: StreamSetup): StreamFraming {
  const { flavour, id, created, model, reply } = setup;
  const usage = setup.noUsage
    ? null
    : usageBody(flavour, { promptTokens: setup.promptTokens, completionTokens: reply.completionTokens, ...setup.scriptedUsage });
  const usageAsked = flavour === 'openai' || flavour === 'compat' ? setup.includeUsage : true;

  const choice = (delta: Record<string, unknown>, finishReason: string | null, logprobs: unknown = null) => {
    if (flavour === 'openrouter') return { index: 0, delta, finish_reason: finishReason, native_finish_reason: finishReason, logprobs };
    if (flavour === 'compat') return { index: 0, delta, finish_reason: finishReason, ...(logprobs === null ? {} : { logprobs }) };
    return { index: 0, delta, logprobs, finish_reason: finishReason };
  };
  const top = setup.logprobs ?? null;
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => {
    switch (flavour) {
      case 'openai':
        return {
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          service_tier: 'default',
          system_fingerprint: 'fp_emulator',
          choices,
          ...(usageAsked ? { usage: null } : {}),
          ...extra,
          obfuscation: 'emuPad',
        };
      case 'openrouter':
        return { id, provider: 'OpenAI', model, object: 'chat.completion.chunk', created, choices, ...extra };
      default:
        return { id, object: 'chat.completion.chunk', created, model, choices, ...extra };
    }
  };
  const roleDelta = flavour === 'openai' ? { role: 'assistant', content: '', refusal: null } : { role: 'assistant', content: '' };

  return {
    contentType: 'text/event-stream; charset=utf-8',
    headers: flavour === 'openai' ? { 'x-request-id': `req_${id}` } : {},
    opening: () =>
      (flavour === 'openrouter' ? ': OPENROUTER PROCESSING\n\n: OPENROUTER PROCESSING\n\n' : '') +
      sseData(chunk([choice(roleDelta, null)])),
    delta: (text, index) => sseData(chunk([choice({ content: text }, null, top === null ? null : choiceLogprobs([text], index, top))])),
    midStreamError: () =>
      flavour === 'openrouter'
        ? sseData(
            chunk([choice({ content: '' }, 'error')], { error: { code: 'server_error', message: 'Provider disconnected unexpectedly' } }),
          )
        : sseData({
            error: {
              message: 'The server had an error while processing your request. Sorry about that!',
              type: 'server_error',
              param: null,
              code: null,
            },
          }),
    closing: () => {
      let events = '';
      if (flavour === 'mistral') {
        events += sseData(chunk([choice({ content: '' }, reply.finish)], usage ? { usage } : {}));
      } else if (isHosted(flavour)) {
        events += sseData(chunk([choice({}, reply.finish)], hostedFinishExtras(flavour, usage, setup.includeUsage)));
      } else {
        events += sseData(chunk([choice(flavour === 'openrouter' ? { role: 'assistant', content: '' } : {}, reply.finish)]));
        if (usage && usageAsked) events += sseData(chunk([], { usage }));
      }
      return events + sseData('[DONE]');
    },
  };
}
