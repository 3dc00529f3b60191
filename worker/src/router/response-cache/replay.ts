import type { ChatResult, StreamEvent } from '../../providers/types';

/** Splits `text` into at most `count` pieces at word boundaries (the whole text, in order). */
export function piecesOf(text: string, count: number): string[] {
  if (text === '') return [];
  const words = text.split(/(?<=\s)/);
  const size = Math.max(1, Math.ceil(words.length / count));
  const pieces: string[] = [];
  for (let index = 0; index < words.length; index += size) pieces.push(words.slice(index, index + size).join(''));
  return pieces;
}

/** The `logprobs.content` token entries of a result, when they spell its whole text (so a replay can send one delta per token). */
function tokenEntries(result: ChatResult): Array<{ token: string }> | null {
  const content = (result.logprobs as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content) || content.length === 0) return null;
  if (!content.every((entry) => typeof (entry as { token?: unknown } | null)?.token === 'string')) return null;
  const entries = content as Array<{ token: string }>;
  return entries.map((entry) => entry.token).join('') === result.content ? entries : null;
}

/**
 * A cached answer as the stream a provider would send: the text in a few deltas (one per token
 * with its logprobs entry when the answer has them), each tool call as pieces (id and name
 * first, then its arguments in two halves), the finish reason, then the usage — the client sees
 * an ordinary stream.
 */
export function replayEvents(result: ChatResult): StreamEvent[] {
  const tokens = tokenEntries(result);
  const events: StreamEvent[] = tokens
    ? tokens.map((entry) => ({ type: 'delta', text: entry.token, logprobs: [entry] }))
    : piecesOf(result.content, 3).map((text) => ({ type: 'delta', text }));
  (result.toolCalls ?? []).forEach((call, index) => {
    const half = Math.ceil(call.arguments.length / 2);
    events.push({ type: 'tool_call', index, id: call.id, name: call.name, arguments: call.arguments.slice(0, half) });
    if (half < call.arguments.length) events.push({ type: 'tool_call', index, arguments: call.arguments.slice(half) });
  });
  events.push({ type: 'finish', reason: result.finishReason });
  if (result.usage) events.push({ type: 'usage', usage: result.usage });
  return events;
}

/**
 * What a finished stream amounts to, to store it: the text, the tool calls joined from their pieces,
 * the logprobs entries, the finish and the last usage.
 */
export class StreamCollector {
  private text = '';
  private readonly logprobs: unknown[] = [];
  private readonly calls: Array<{ id: string; name: string; arguments: string }> = [];
  private finish: ChatResult['finishReason'] | null = null;
  private usage: ChatResult['usage'] = null;

  add(event: StreamEvent): void {
    if (event.type === 'delta') {
      this.text += event.text;
      if (event.logprobs) this.logprobs.push(...event.logprobs);
    } else if (event.type === 'finish') this.finish = event.reason;
    else if (event.type === 'usage') this.usage = event.usage;
    else if (event.type === 'tool_call') {
      const call = (this.calls[event.index] ??= { id: '', name: '', arguments: '' });
      if (event.id) call.id = event.id;
      if (event.name) call.name = event.name;
      call.arguments += event.arguments;
    }
  }

  /** The result, or null when the stream never said how it finished (nothing to cache). */
  result(): ChatResult | null {
    if (this.finish === null) return null;
    const result: ChatResult = { content: this.text, finishReason: this.finish, usage: this.usage };
    if (this.calls.length > 0) result.toolCalls = this.calls.filter(Boolean);
    if (this.logprobs.length > 0) result.logprobs = { content: this.logprobs, refusal: null };
    return result;
  }
}
