/**
 * Gemini answer parts → StreamEvents, for streams chunk by chunk and for blocking answers
 * (one chunk), so both read function calls the same way:
 * - a `functionCall` part with `name` and `args` (an object; no id) → one tool_call piece with
 *   a made-up id, the name and the whole arguments as JSON text (fixture google-tool-call.*);
 * - Vertex's streamed arguments (fixture google-tool-call-partial-args.chunks.txt): a part with
 *   `name` and `willContinue`, then `partialArgs` pieces addressed by `jsonPath` whose
 *   `stringValue`s are appended, and an empty `functionCall: {}` closing the call → still one
 *   piece with the whole arguments, emitted when the call closes;
 * - `finishReason: STOP` after calls → tool_calls; with `parallelToolCalls: false` only the
 *   first call of the answer is passed on (Gemini has no switch for it).
 */
import { callIdMaker, finishWithCalls, type GenerateChunk } from './response';
import { isObject, stringField, type JsonObject } from '../shared/schema';
import type { ChatResult, FinishReason, StreamEvent, TokenUsage, ToolCall } from '../types';

interface OpenCall {
  name: string;
  args: JsonObject;
}

export class GeminiAnswerReader {
  private readonly callId = callIdMaker();
  private calls = 0;
  private open: OpenCall | null = null;
  private finished = false;

  constructor(private readonly singleCall = false) {}

  read(chunk: GenerateChunk): StreamEvent[] {
    const events: StreamEvent[] = [];
    for (const part of chunk.parts) {
      const text = stringField(part.text);
      if (text) events.push({ type: 'delta', text });
      if (isObject(part.functionCall)) events.push(...this.functionCall(part.functionCall));
    }
    if (chunk.finishReason && !this.finished) {
      this.finished = true;
      if (this.open) events.push(...this.close());
      events.push({ type: 'finish', reason: finishWithCalls(chunk.finishReason, this.calls) });
    }
    if (chunk.usage) events.push({ type: 'usage', usage: chunk.usage });
    return events;
  }

  private functionCall(call: JsonObject): StreamEvent[] {
    const name = stringField(call.name);
    if (name && call.willContinue !== true) {
      return this.emit(name, isObject(call.args) ? call.args : {});
    }
    if (name) {
      const closed = this.open ? this.close() : [];
      this.open = { name, args: isObject(call.args) ? { ...call.args } : {} };
      return closed;
    }
    if (!this.open) return [];
    for (const piece of Array.isArray(call.partialArgs) ? call.partialArgs : []) {
      if (isObject(piece)) applyPartialArgument(this.open.args, piece);
    }
    return call.willContinue === true ? [] : this.close();
  }

  private close(): StreamEvent[] {
    const call = this.open!;
    this.open = null;
    return this.emit(call.name, call.args);
  }

  private emit(name: string, args: JsonObject): StreamEvent[] {
    const index = this.calls;
    if (this.singleCall && index > 0) return [];
    this.calls += 1;
    return [{ type: 'tool_call', index, id: this.callId(index), name, arguments: JSON.stringify(args) }];
  }
}

/** `$.a.b[0]` → ['a', 'b', 0]. */
function pathSteps(path: string): Array<string | number> {
  const steps: Array<string | number> = [];
  for (const match of path.replace(/^\$/, '').matchAll(/\.([^.[\]]+)|\[(\d+)\]|\['([^']*)'\]/g)) {
    steps.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : match[3]!));
  }
  return steps;
}

/** Sets (strings: appends) one partial argument at its jsonPath. */
function applyPartialArgument(args: JsonObject, piece: JsonObject): void {
  const steps = pathSteps(stringField(piece.jsonPath) ?? '');
  if (steps.length === 0) return;
  let target: Record<string | number, unknown> = args;
  for (const [position, step] of steps.slice(0, -1).entries()) {
    const next = target[step];
    if (typeof next !== 'object' || next === null) target[step] = typeof steps[position + 1] === 'number' ? [] : {};
    target = target[step] as Record<string | number, unknown>;
  }
  const last = steps.at(-1)!;
  if (typeof piece.stringValue === 'string')
    target[last] = (typeof target[last] === 'string' ? (target[last] as string) : '') + piece.stringValue;
  else if ('numberValue' in piece) target[last] = piece.numberValue;
  else if ('boolValue' in piece) target[last] = piece.boolValue;
  else if ('nullValue' in piece) target[last] = null;
}

/** The events of a whole (blocking) answer → ChatResult. */
export function toChatResult(events: StreamEvent[]): ChatResult {
  let content = '';
  let finishReason: FinishReason | undefined;
  let usage: TokenUsage | null = null;
  const toolCalls: ToolCall[] = [];
  for (const event of events) {
    if (event.type === 'delta') content += event.text;
    else if (event.type === 'tool_call') toolCalls.push({ id: event.id ?? '', name: event.name ?? '', arguments: event.arguments });
    else if (event.type === 'finish') finishReason = event.reason;
    else if (event.type === 'usage') usage = event.usage;
  }
  const result: ChatResult = { content, finishReason: finishReason ?? finishWithCalls('stop', toolCalls.length), usage };
  if (toolCalls.length > 0) result.toolCalls = toolCalls;
  return result;
}
