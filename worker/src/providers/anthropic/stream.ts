/**
 * Anthropic's named stream events → StreamEvents, one event at a time.
 *
 * - `text_delta` of a text block → a text delta; thinking blocks are not part of the answer.
 * - `content_block_start` of a `tool_use` block → the call's first piece (index counted over
 *   tool calls only, from 0; id; name; arguments ''), then each non-empty
 *   `input_json_delta.partial_json` → an argument fragment, as OpenAI streams calls.
 * - A call that streamed no argument text (a tool without parameters: the only partial_json
 *   is "", fixture anthropic-tool-no-args.*) gets the fragment "{}" when its block stops, as
 *   OpenAI sends it — clients JSON.parse the joined arguments.
 * - The forced `json` tool (anthropic-json.ts) streams its input as answer text instead.
 */
import { fromErrorEvent, finishFor, UsageTally } from './response';
import { JSON_TOOL_NAME, type AnthropicJsonMode } from './json';
import { isObject, stringField, type JsonObject } from '../shared/schema';
import type { StreamEvent } from '../types';

type Block =
  { kind: 'text' } | { kind: 'tool'; index: number; streamed: boolean } | { kind: 'json'; streamed: boolean } | { kind: 'other' };

export class AnthropicStreamReader {
  private readonly usage = new UsageTally();
  private readonly blocks = new Map<number, Block>();
  private toolCount = 0;
  private finished = false;
  /** Set once `message_stop` arrived. */
  done = false;

  constructor(
    private readonly provider: string,
    private readonly jsonMode: AnthropicJsonMode,
  ) {}

  /** The StreamEvents one Anthropic event yields; throws the UpstreamError of an `error` event. */
  read(name: string | undefined, data: JsonObject): StreamEvent[] {
    switch (name ?? stringField(data.type)) {
      case 'message_start':
        this.usage.add(isObject(data.message) ? data.message.usage : undefined);
        return [];
      case 'content_block_start':
        return this.start(data);
      case 'content_block_delta':
        return this.delta(data);
      case 'content_block_stop':
        return this.stop(data);
      case 'message_delta':
        return this.messageDelta(data);
      case 'message_stop':
        this.done = true;
        return [];
      case 'error':
        throw fromErrorEvent(data, this.provider);
      default:
        return []; // ping, and event types added later
    }
  }

  private start(data: JsonObject): StreamEvent[] {
    const index = typeof data.index === 'number' ? data.index : -1;
    const block = isObject(data.content_block) ? data.content_block : {};
    if (block.type === 'text') {
      this.blocks.set(index, { kind: 'text' });
      const text = stringField(block.text);
      return text ? [{ type: 'delta', text }] : [];
    }
    if (block.type !== 'tool_use') {
      this.blocks.set(index, { kind: 'other' });
      return [];
    }
    if (this.jsonMode.kind === 'tool' && block.name === JSON_TOOL_NAME) {
      this.blocks.set(index, { kind: 'json', streamed: false });
      return [];
    }
    const call = { kind: 'tool' as const, index: this.toolCount++, streamed: false };
    this.blocks.set(index, call);
    return [{ type: 'tool_call', index: call.index, id: stringField(block.id) ?? '', name: stringField(block.name) ?? '', arguments: '' }];
  }

  private delta(data: JsonObject): StreamEvent[] {
    const block = this.blocks.get(typeof data.index === 'number' ? data.index : -1);
    const delta = isObject(data.delta) ? data.delta : {};
    if (delta.type === 'text_delta') {
      const text = stringField(delta.text);
      return text && block?.kind !== 'other' ? [{ type: 'delta', text }] : [];
    }
    if (delta.type !== 'input_json_delta') return [];
    const piece = stringField(delta.partial_json);
    if (!piece || !block) return [];
    if (block.kind === 'tool') {
      block.streamed = true;
      return [{ type: 'tool_call', index: block.index, arguments: piece }];
    }
    if (block.kind === 'json') {
      block.streamed = true;
      return [{ type: 'delta', text: piece }];
    }
    return [];
  }

  private stop(data: JsonObject): StreamEvent[] {
    const block = this.blocks.get(typeof data.index === 'number' ? data.index : -1);
    if (block?.kind === 'tool' && !block.streamed) return [{ type: 'tool_call', index: block.index, arguments: '{}' }];
    if (block?.kind === 'json' && !block.streamed) return [{ type: 'delta', text: '{}' }];
    return [];
  }

  private messageDelta(data: JsonObject): StreamEvent[] {
    const events: StreamEvent[] = [];
    const stopReason = isObject(data.delta) ? stringField(data.delta.stop_reason) : undefined;
    if (stopReason && !this.finished) {
      this.finished = true;
      events.push({ type: 'finish', reason: finishFor(stopReason, this.jsonMode, this.toolCount > 0) });
    }
    this.usage.add(data.usage);
    const current = this.usage.current();
    if (current) events.push({ type: 'usage', usage: current });
    return events;
  }
}
