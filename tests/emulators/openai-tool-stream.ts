import { sseData, type StreamFraming } from './flow';
import { usageBody, type StreamSetup } from './openai-stream';

/**
 * A streamed tool call in the OpenAI framing, as each flavour sends it:
 * - OpenAI, OpenRouter, compat: the first delta has `index: 0`, `id`, `type` and `name` with
 *   `arguments: ""`; the argument fragments follow (`reply.deltas`), each with only `index`
 *   and `function.arguments`; then an empty delta with `finish_reason: "tool_calls"` and usage
 *   where the flavour puts it (as for text);
 * - Mistral (fixture mistral-tool-call.chunks.txt): the whole call — 9-character id, name, all
 *   arguments, no `index`, no `type` — in one delta on the chunk with `finish_reason` and usage.
 */
export function openAiToolCallFraming(setup: StreamSetup, call: { id: string; name: string }): StreamFraming {
  const { flavour, id, created, model, reply } = setup;
  const usage = setup.noUsage ? null : usageBody(flavour, { promptTokens: setup.promptTokens, completionTokens: reply.completionTokens });
  const usageAsked = flavour === 'openai' || flavour === 'compat' ? setup.includeUsage : true;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    ...(flavour === 'openrouter' ? { provider: 'OpenAI' } : {}),
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(flavour === 'openai' && usageAsked ? { usage: null } : {}),
    ...extra,
  });
  const whole = reply.deltas.join('');
  const mistralCall = { content: null, tool_calls: [{ id: call.id, function: { name: call.name, arguments: whole } }] };

  return {
    contentType: 'text/event-stream; charset=utf-8',
    headers: flavour === 'openai' ? { 'x-request-id': `req_${id}` } : {},
    opening: () => {
      if (flavour === 'mistral') return sseData(chunk({ role: 'assistant', content: '' }, null));
      const first = { index: 0, id: call.id, type: 'function', function: { name: call.name, arguments: '' } };
      return (
        (flavour === 'openrouter' ? ': OPENROUTER PROCESSING\n\n' : '') +
        sseData(chunk({ role: 'assistant', content: null, tool_calls: [first] }, null))
      );
    },
    delta: (text, _index, isLast) => {
      if (flavour === 'mistral') return isLast ? sseData(chunk(mistralCall, 'tool_calls', usage ? { usage } : {})) : '';
      return sseData(chunk({ tool_calls: [{ index: 0, function: { arguments: text } }] }, null));
    },
    midStreamError: () =>
      sseData({
        error: {
          message: 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
          param: null,
          code: null,
        },
      }),
    closing: () => {
      if (flavour === 'mistral') return sseData('[DONE]');
      let events = sseData(chunk({}, 'tool_calls'));
      if (usage && usageAsked) events += sseData({ ...chunk({}, null), choices: [], usage });
      return events + sseData('[DONE]');
    },
  };
}
