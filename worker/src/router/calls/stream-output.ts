import type { FunctionCallDelta, ToolCallDelta } from './chat-completion';
import type { FinishReason, StreamEvent, TokenUsage, ToolCall } from '../../providers/types';

/** What a stream has said so far (for the usage row, and the answer's finish). */
export interface StreamTotals {
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage | null;
  finishReason: FinishReason;
}

/** A chunk's delta; `logprobs` (its text's token entries) go on the chunk's choice (CompletionShape.chunk). */
type Delta = { content?: string; tool_calls?: ToolCallDelta[]; function_call?: FunctionCallDelta; logprobs?: unknown[] };

/**
 * The chunk deltas one text or tool-call event becomes, exactly as OpenAI streams them: text
 * as `content`; a call's first piece as {index, id, type, function: {name, arguments: ""}},
 * then its argument fragments as {index, function: {arguments}}. An empty text sends nothing.
 * Text with logprobs keeps them for its chunk's choice. `legacy` (the request used `functions`):
 * the first call as `function_call` deltas, {name, arguments: ""} then {arguments}, as OpenAI
 * streamed them; a second call in one turn is not sent (the legacy shape holds one).
 */
export function outputChunks(event: Extract<StreamEvent, { type: 'delta' | 'tool_call' }>, totals: StreamTotals, legacy = false): Delta[] {
  if (event.type === 'delta') {
    if (event.text === '') return [];
    totals.text += event.text;
    return [event.logprobs ? { content: event.text, logprobs: event.logprobs } : { content: event.text }];
  }
  if (legacy) return legacyChunks(event, totals);
  const chunks: Delta[] = [];
  let call = totals.toolCalls[event.index];
  if (!call) {
    call = { id: event.id ?? `call_${event.index}`, name: event.name ?? '', arguments: '' };
    totals.toolCalls[event.index] = call;
    chunks.push({ tool_calls: [{ index: event.index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] });
  }
  if (event.arguments !== '') {
    call.arguments += event.arguments;
    chunks.push({ tool_calls: [{ index: event.index, function: { arguments: event.arguments } }] });
  }
  return chunks;
}

function legacyChunks(event: Extract<StreamEvent, { type: 'tool_call' }>, totals: StreamTotals): Delta[] {
  if (event.index !== 0) return [];
  const chunks: Delta[] = [];
  let call = totals.toolCalls[0];
  if (!call) {
    call = { id: event.id ?? 'call_0', name: event.name ?? '', arguments: '' };
    totals.toolCalls[0] = call;
    chunks.push({ function_call: { name: call.name, arguments: '' } });
  }
  if (event.arguments !== '') {
    call.arguments += event.arguments;
    chunks.push({ function_call: { arguments: event.arguments } });
  }
  return chunks;
}
