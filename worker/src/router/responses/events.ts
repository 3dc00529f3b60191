import { prefixedId } from '../../support/ids';
import type { RouterBlock } from '../usage/call-record';
import type { FinishReason, StreamEvent, TokenUsage, ToolCall } from '../../providers/types';
import { finalStatus, functionCallItem, messageItem, outputText, responsesUsage, type ResponseShape } from './output';
import type { ResponseItem } from './response-item';

/** One Responses stream event: `type` names it (also sent as the SSE `event:` line). */
export type ResponseEvent = { type: string; sequence_number: number } & Record<string, unknown>;

type OpenItem =
  | { kind: 'message'; id: string; outputIndex: number; text: string; logprobs: unknown[] }
  | { kind: 'function_call'; id: string; outputIndex: number; index: number; call: ToolCall };

/**
 * Turns a provider's stream events into the Responses API's (docs/architecture.md §9), as OpenAI sends them
 * (fixtures openai-responses-text.chunks.txt, openai-responses-tool-call.chunks.txt):
 * `response.created`, `response.in_progress`; per text answer `response.output_item.added`,
 * `response.content_part.added`, `response.output_text.delta`…, `response.output_text.done`,
 * `response.content_part.done`, `response.output_item.done`; per function call
 * `response.output_item.added` (id `fc_…`, call_id, name, empty arguments),
 * `response.function_call_arguments.delta`…, `.done`, `response.output_item.done`; then
 * `response.completed` (or `response.incomplete`) with the whole response and its usage, or
 * `response.failed`. Every event carries the next `sequence_number`, from 0.
 */
export class ResponseEvents {
  private sequence = 0;
  private open: OpenItem | null = null;
  readonly output: ResponseItem[] = [];
  /** The answer's text so far (every message item), for the usage estimate. */
  text = '';

  constructor(readonly shape: ResponseShape) {}

  started(): ResponseEvent[] {
    const response = this.shape.response({ status: 'in_progress', output: [], usage: null });
    return [this.event('response.created', { response }), this.event('response.in_progress', { response })];
  }

  /** Events for one provider stream event (usage and finish events are kept by the caller). */
  translate(event: StreamEvent): ResponseEvent[] {
    if (event.type === 'delta' && event.text !== '') return this.delta(event.text, event.logprobs ?? []);
    if (event.type === 'tool_call') return this.toolCall(event);
    return [];
  }

  completed(finishReason: FinishReason, usage: TokenUsage, router: RouterBlock): ResponseEvent[] {
    const events = this.open === null && this.output.length === 0 ? this.openMessage() : [];
    events.push(...this.close());
    const { status, incomplete_details } = finalStatus(finishReason);
    const response = this.shape.response({
      status,
      output: this.output,
      usage: responsesUsage(usage),
      incompleteDetails: incomplete_details,
      router,
    });
    events.push(this.event(status === 'completed' ? 'response.completed' : 'response.incomplete', { response }));
    return events;
  }

  /** The stream failed after it began: `response.failed` with the error and the output so far (partialOutput). */
  failed(error: { code: string; message: string }): ResponseEvent[] {
    const response = this.shape.response({ status: 'failed', output: this.partialOutput(), usage: null, error });
    return [this.event('response.failed', { response })];
  }

  /** The output so far, for a stream cut short: the finished items, then the open one as it stands, status `incomplete`. */
  partialOutput(): ResponseItem[] {
    const item = this.open;
    if (!item) return [...this.output];
    const whole =
      item.kind === 'message'
        ? messageItem(item.id, item.text, 'completed', item.logprobs)
        : functionCallItem(item.id, item.call, 'completed');
    return [...this.output, { ...whole, status: 'incomplete' }];
  }

  private delta(text: string, logprobs: unknown[]): ResponseEvent[] {
    const events = this.open?.kind === 'message' ? [] : [...this.close(), ...this.openMessage()];
    const item = this.open as Extract<OpenItem, { kind: 'message' }>;
    item.text += text;
    item.logprobs.push(...logprobs);
    this.text += text;
    events.push(
      this.event('response.output_text.delta', {
        content_index: 0,
        delta: text,
        item_id: item.id,
        logprobs,
        output_index: item.outputIndex,
      }),
    );
    return events;
  }

  private openMessage(): ResponseEvent[] {
    const item = { kind: 'message' as const, id: prefixedId('msg'), outputIndex: this.output.length, text: '', logprobs: [] as unknown[] };
    this.open = item;
    return [
      this.event('response.output_item.added', { item: messageItem(item.id, '', 'in_progress'), output_index: item.outputIndex }),
      this.event('response.content_part.added', {
        content_index: 0,
        item_id: item.id,
        output_index: item.outputIndex,
        part: outputText(''),
      }),
    ];
  }

  private toolCall(piece: Extract<StreamEvent, { type: 'tool_call' }>): ResponseEvent[] {
    const events: ResponseEvent[] = [];
    if (this.open?.kind !== 'function_call' || this.open.index !== piece.index) {
      events.push(...this.close());
      const call = { id: piece.id ?? prefixedId('call'), name: piece.name ?? '', arguments: '' };
      const item = { kind: 'function_call' as const, id: prefixedId('fc'), outputIndex: this.output.length, index: piece.index, call };
      this.open = item;
      events.push(
        this.event('response.output_item.added', { item: functionCallItem(item.id, call, 'in_progress'), output_index: item.outputIndex }),
      );
    }
    const item = this.open as Extract<OpenItem, { kind: 'function_call' }>;
    if (piece.arguments !== '') {
      item.call.arguments += piece.arguments;
      events.push(
        this.event('response.function_call_arguments.delta', { delta: piece.arguments, item_id: item.id, output_index: item.outputIndex }),
      );
    }
    return events;
  }

  /** Ends the open item: its `.done` events, and it joins the output. */
  private close(): ResponseEvent[] {
    const item = this.open;
    if (!item) return [];
    this.open = null;
    const base = { item_id: item.id, output_index: item.outputIndex };
    if (item.kind === 'message') {
      const done = messageItem(item.id, item.text, 'completed', item.logprobs);
      this.output.push(done);
      return [
        this.event('response.output_text.done', { content_index: 0, ...base, logprobs: item.logprobs, text: item.text }),
        this.event('response.content_part.done', { content_index: 0, ...base, part: outputText(item.text, item.logprobs) }),
        this.event('response.output_item.done', { item: done, output_index: item.outputIndex }),
      ];
    }
    const done = functionCallItem(item.id, item.call, 'completed');
    this.output.push(done);
    return [
      this.event('response.function_call_arguments.done', { arguments: item.call.arguments, ...base }),
      this.event('response.output_item.done', { item: done, output_index: item.outputIndex }),
    ];
  }

  private event(type: string, fields: Record<string, unknown>): ResponseEvent {
    return { type, ...fields, sequence_number: this.sequence++ } as ResponseEvent;
  }
}
