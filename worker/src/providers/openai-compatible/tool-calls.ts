/**
 * Tool calls in OpenAI-shaped answers, blocking and streamed. Streamed pieces are re-numbered
 * the way OpenAI numbers them (`index` from 0 in order of first appearance), because servers
 * differ: Mistral sends no `index` and the whole call in one delta, its incremental models send
 * a second delta with `name: ""` (the first name is kept), Groq sends a whole call at once,
 * DeepSeek splits the arguments over many deltas.
 */
import { invalidResponse } from '../errors';
import { arrayField, isObject, numberField, stringField } from '../shared/schema';
import type { StreamEvent, ToolCall } from '../types';

/** `message.tool_calls` → ToolCall[] (undefined when there are none). */
export function toToolCalls(value: unknown, provider: string): ToolCall[] | undefined {
  const items = arrayField(value);
  if (!items || items.length === 0) return undefined;
  return items.map((item, position) => {
    const fn = isObject(item) ? item.function : undefined;
    const name = isObject(fn) ? stringField(fn.name) : undefined;
    if (!isObject(item) || !isObject(fn) || !name) throw invalidResponse(provider, 'tool call without a function name');
    const args = fn.arguments;
    const text = typeof args === 'string' ? args : args === undefined || args === null ? '{}' : JSON.stringify(args);
    return { id: stringField(item.id) || `call_${position}`, name, arguments: text };
  });
}

/** Turns one stream's `delta.tool_calls` entries into `tool_call` events, numbered from 0. */
export class StreamedToolCalls {
  private readonly byKey = new Map<string, number>();
  private last = -1;

  /** Whether any call was seen (a stream that called tools finishes with `tool_calls`). */
  get seen(): boolean {
    return this.last >= 0;
  }

  read(value: unknown, provider: string): StreamEvent[] {
    const items = arrayField(value);
    if (!items) return [];
    return items.map((item) => {
      if (!isObject(item)) throw invalidResponse(provider, 'tool call delta is not an object');
      const fn = isObject(item.function) ? item.function : {};
      const id = stringField(item.id) || undefined;
      const upstreamIndex = numberField(item.index);
      const key = upstreamIndex !== undefined ? `index:${upstreamIndex}` : id !== undefined ? `id:${id}` : undefined;
      let index = key !== undefined ? this.byKey.get(key) : this.last;
      const first = index === undefined || index < 0;
      if (first) {
        index = this.byKey.size;
        this.byKey.set(key ?? `position:${index}`, index);
      }
      this.last = Math.max(this.last, index!);
      const args = fn.arguments;
      const text = typeof args === 'string' ? args : args === undefined || args === null ? '' : JSON.stringify(args);
      const event: StreamEvent = { type: 'tool_call', index: index!, arguments: text };
      if (first) {
        const name = stringField(fn.name);
        if (!name) throw invalidResponse(provider, 'first tool call delta without a function name');
        event.id = id ?? `call_${index}`;
        event.name = name;
      }
      return event;
    });
  }
}
