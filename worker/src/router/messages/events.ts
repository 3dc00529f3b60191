import type { FinishReason, StreamEvent, TokenUsage } from '../../providers/types';
import { anthropicError } from '../../support/error-objects';
import { messagesUsage, stopReason, type MessageShape } from './answer';

/** One Messages stream event: `type` names it (also sent as the SSE `event:` line). */
export type MessageEvent = { type: string } & Record<string, unknown>;

type OpenBlock = { kind: 'text'; index: number } | { kind: 'tool_use'; index: number; call: number };

const EMPTY_USAGE = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

/**
 * Turns a provider's stream events into the Messages API's, as Anthropic sends them (fixtures
 * anthropic-text.chunks.txt, anthropic-tool-call.chunks.txt): `message_start` (the message with
 * no content), `ping`; per text `content_block_start` {type: text, text: ""}, `text_delta`…,
 * `content_block_stop`; per tool call `content_block_start` {type: tool_use, id, name, input: {}},
 * `input_json_delta`…, `content_block_stop`; then `message_delta` (stop reason, and the whole usage:
 * the engine learns the input tokens at the end) and `message_stop`, or `error` mid-stream.
 */
export class MessageEvents {
  private open: OpenBlock | null = null;
  private blocks = 0;
  /** The block index of each tool call (by its chat index), for pieces that come back to an earlier call. */
  private readonly calls = new Map<number, number>();
  /** The answer's text so far, for the usage estimate. */
  text = '';

  constructor(readonly shape: MessageShape) {}

  started(): MessageEvent[] {
    return [{ type: 'message_start', message: this.shape.message([], null, EMPTY_USAGE) }, { type: 'ping' }];
  }

  /** Events for one provider stream event (usage and finish are kept by the engine). */
  translate(event: StreamEvent): MessageEvent[] {
    if (event.type === 'delta' && event.text !== '') return this.delta(event.text);
    if (event.type === 'tool_call') return this.toolCall(event);
    return [];
  }

  completed(finishReason: FinishReason, usage: TokenUsage): MessageEvent[] {
    return [
      ...this.close(),
      { type: 'message_delta', delta: { stop_reason: stopReason(finishReason), stop_sequence: null }, usage: messagesUsage(usage) },
      { type: 'message_stop' },
    ];
  }

  /** The stream failed after it began: Anthropic's `error` event (the client's SDK throws it). */
  failed(error: { status: number; message: string }): MessageEvent[] {
    return [{ type: 'error', error: anthropicError(error) }];
  }

  private delta(text: string): MessageEvent[] {
    const events = this.open?.kind === 'text' ? [] : [...this.close(), this.start({ type: 'text', text: '' }, { kind: 'text' })];
    this.text += text;
    events.push({ type: 'content_block_delta', index: this.open!.index, delta: { type: 'text_delta', text } });
    return events;
  }

  private toolCall(piece: Extract<StreamEvent, { type: 'tool_call' }>): MessageEvent[] {
    const events: MessageEvent[] = [];
    const earlier = this.calls.get(piece.index);
    let index = earlier;
    if (earlier === undefined) {
      events.push(...this.close());
      const block = { type: 'tool_use', id: piece.id ?? '', name: piece.name ?? '', input: {} };
      events.push(this.start(block, { kind: 'tool_use', call: piece.index }));
      index = this.open!.index;
      this.calls.set(piece.index, index);
    }
    if (piece.arguments !== '')
      events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece.arguments } });
    return events;
  }

  private start(block: Record<string, unknown>, open: { kind: 'text' } | { kind: 'tool_use'; call: number }): MessageEvent {
    const index = this.blocks++;
    this.open = { ...open, index } as OpenBlock;
    return { type: 'content_block_start', index, content_block: block };
  }

  private close(): MessageEvent[] {
    const open = this.open;
    if (!open) return [];
    this.open = null;
    return [{ type: 'content_block_stop', index: open.index }];
  }
}
