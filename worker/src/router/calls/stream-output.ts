import type { ToolCallDelta } from './chat-completion';
import type { FinishReason, StreamEvent, TokenUsage, ToolCall } from '../../providers/types';

/** What a stream has said so far (for the usage row, and the answer's finish). */
export interface StreamTotals {
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage | null;
  finishReason: FinishReason;
}

/** A chunk's delta; `logprobs` (its text's token entries) go on the chunk's choice (CompletionShape.chunk). */
type Delta = { content?: string; tool_calls?: ToolCallDelta[]; logprobs?: unknown[] };

/**
 * The chunk deltas one text or tool-call event becomes, exactly as OpenAI streams them: text
 * as `content`; a call's first piece as {index, id, type, function: {name, arguments: ""}},
 * then its argument fragments as {index, function: {arguments}}. An empty text sends nothing.
 * Text with logprobs keeps them for its chunk's choice.
 */
export function outputChunks(event: Extract<StreamEvent, { type: 'delta' | 'tool_call' }>, totals: StreamTotals): Delta[] {
  if (event.type === 'delta') {
    if (event.text === '') return [];
    totals.text += event.text;
    return [event.logprobs ? { content: event.text, logprobs: event.logprobs } : { content: event.text }];
  }
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
