import type { Raw } from '../../support/problems';
import type { SourcedItem } from './input-items';

/** Where a chat message came from: the Responses field its errors are reported under. */
export interface Origin {
  /** `input[3]`, `instructions`, or `previous_response_id` for the stored conversation. */
  name: string;
  type: 'message' | 'function_call' | 'function_call_output' | 'instructions';
  /** For an assistant message carrying function calls: the item each call came from. */
  calls: string[];
}

type Part = { type: string; text?: string; image_url?: unknown; detail?: unknown };

function originName(index: number): string {
  return index < 0 ? 'previous_response_id' : `input[${index}]`;
}

/** A message item's content as chat content: text alone → a string; with images → chat parts. */
function chatContent(role: string, parts: Part[]): unknown {
  if (role === 'assistant') return parts.map((part) => part.text ?? '').join('');
  if (parts.length === 1 && parts[0]!.type === 'input_text') return parts[0]!.text;
  return parts.map((part) =>
    part.type === 'input_image'
      ? { type: 'image_url', image_url: part.detail === undefined ? { url: part.image_url } : { url: part.image_url, detail: part.detail } }
      : { type: 'text', text: part.text },
  );
}

/**
 * The conversation as Chat Completions messages (docs/architecture.md §9): `instructions` first as a system
 * message, then each item — messages with their role (`developer` kept: the chat validator and
 * each provider know it), consecutive `function_call` items as one assistant message's
 * `tool_calls` (joined to the assistant message just before them), `function_call_output` as a
 * `tool` message. `origins[k]` says where messages[k] came from.
 */
export function chatMessages(items: SourcedItem[], instructions: string | undefined): { messages: Raw[]; origins: Origin[] } {
  const messages: Raw[] = [];
  const origins: Origin[] = [];
  if (instructions !== undefined && instructions !== '') {
    messages.push({ role: 'system', content: instructions });
    origins.push({ name: 'instructions', type: 'instructions', calls: [] });
  }
  for (const { item, index } of items) {
    const name = originName(index);
    if (item.type === 'message') {
      messages.push({ role: item.role, content: chatContent(item.role as string, item.content as Part[]) });
      origins.push({ name, type: 'message', calls: [] });
    } else if (item.type === 'function_call') {
      const call = { id: item.call_id, type: 'function', function: { name: item.name, arguments: item.arguments } };
      const last = messages[messages.length - 1];
      if (last?.role === 'assistant') {
        last.tool_calls = [...((last.tool_calls as unknown[]) ?? []), call];
        if (last.content === '') last.content = null;
        origins[origins.length - 1]!.calls.push(name);
      } else {
        messages.push({ role: 'assistant', content: null, tool_calls: [call] });
        origins.push({ name, type: 'function_call', calls: [name] });
      }
    } else if (item.type === 'function_call_output') {
      const output = Array.isArray(item.output) ? (item.output as Part[]).map((part) => part.text).join('') : item.output;
      messages.push({ role: 'tool', tool_call_id: item.call_id, content: output });
      origins.push({ name, type: 'function_call_output', calls: [] });
    }
  }
  return { messages, origins };
}
