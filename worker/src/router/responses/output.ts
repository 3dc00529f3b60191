import { prefixedId } from '../../support/ids';
import type { RouterBlock } from '../usage/call-record';
import type { FinishReason, TokenUsage, ToolCall } from '../../providers/types';
import type { ResponseItem } from './response-item';

/** The Responses API's usage object (input/output tokens with cached and reasoning details). */
export function responsesUsage(usage: TokenUsage) {
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.totalTokens,
  };
}

/** An `output_text` part; `logprobs` the token entries (`include: ["message.output_text.logprobs"]`), else empty. */
export function outputText(text: string, logprobs: unknown[] = []) {
  return { type: 'output_text', annotations: [], logprobs, text };
}

export function messageItem(id: string, text: string, status: 'in_progress' | 'completed', logprobs: unknown[] = []): ResponseItem {
  return { id, type: 'message', status, content: status === 'completed' ? [outputText(text, logprobs)] : [], role: 'assistant' };
}

export function functionCallItem(id: string, call: ToolCall, status: 'in_progress' | 'completed'): ResponseItem {
  return { id, type: 'function_call', status, arguments: status === 'completed' ? call.arguments : '', call_id: call.id, name: call.name };
}

/** The token entries of a chat answer's `logprobs` (`{content: [...]}`), or none. */
export function logprobsContent(logprobs: unknown): unknown[] {
  const content = (logprobs as { content?: unknown } | null | undefined)?.content;
  return Array.isArray(content) ? content : [];
}

/**
 * A blocking answer's output items: the message (when there is text, or nothing else, with its
 * logprobs entries), then one `function_call` per call.
 */
export function outputItems(text: string, toolCalls: ToolCall[] = [], logprobs: unknown[] = []): ResponseItem[] {
  const items: ResponseItem[] = [];
  if (text !== '' || toolCalls.length === 0) items.push(messageItem(prefixedId('msg'), text, 'completed', logprobs));
  for (const call of toolCalls) items.push(functionCallItem(prefixedId('fc'), call, 'completed'));
  return items;
}

/** `completed`, or `incomplete` with its reason when the model stopped at the token limit or a filter. */
export function finalStatus(finishReason: FinishReason): { status: string; incomplete_details: { reason: string } | null } {
  if (finishReason === 'length') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (finishReason === 'content_filter') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

/** The request's parameters as a response object echoes them, with OpenAI's defaults. */
export function echoedParameters(raw: Record<string, unknown>, store: boolean): Record<string, unknown> {
  const reasoning = raw.reasoning as { effort?: unknown } | undefined;
  return {
    instructions: raw.instructions ?? null,
    max_output_tokens: raw.max_output_tokens ?? null,
    parallel_tool_calls: raw.parallel_tool_calls ?? true,
    reasoning: { effort: reasoning?.effort ?? null, summary: null },
    store,
    temperature: raw.temperature ?? 1,
    text: raw.text ?? { format: { type: 'text' } },
    tool_choice: raw.tool_choice ?? 'auto',
    tools: raw.tools ?? [],
    top_p: raw.top_p ?? 1,
    truncation: 'disabled',
    user: raw.user ?? null,
    metadata: raw.metadata ?? {},
  };
}

/** What identifies a response and does not change while it runs. */
export interface ResponseIdentity {
  id: string;
  createdAt: number;
  model: string;
  parameters: Record<string, unknown>;
  previousResponseId: string | null;
}

export interface ResponseState {
  status: string;
  output: ResponseItem[];
  usage: Record<string, unknown> | null;
  incompleteDetails?: { reason: string } | null;
  error?: { code: string; message: string } | null;
  router?: RouterBlock;
  completedAt?: number;
}

/** The `response` object in OpenAI's field order, with the router block when given. */
export function responseObject(identity: ResponseIdentity, state: ResponseState) {
  const { instructions, max_output_tokens, parallel_tool_calls, user, metadata, ...rest } = identity.parameters;
  return {
    id: identity.id,
    object: 'response',
    created_at: identity.createdAt,
    status: state.status,
    completed_at: state.status === 'in_progress' ? null : (state.completedAt ?? Math.floor(Date.now() / 1000)),
    error: state.error ?? null,
    incomplete_details: state.incompleteDetails ?? null,
    instructions,
    max_output_tokens,
    model: identity.model,
    output: state.output,
    parallel_tool_calls,
    previous_response_id: identity.previousResponseId,
    ...rest,
    usage: state.usage,
    user,
    metadata,
    ...(state.router ? { router: state.router } : {}),
  };
}

/** A new response's identity (`resp_…`, now). */
export class ResponseShape implements ResponseIdentity {
  readonly id = prefixedId('resp');
  readonly createdAt = Math.floor(Date.now() / 1000);

  constructor(
    readonly model: string,
    readonly parameters: Record<string, unknown>,
    readonly previousResponseId: string | null,
  ) {}

  response(state: ResponseState) {
    return responseObject(this, state);
  }
}
