import type { Problems, Raw } from '../../support/problems';
import type { NativeOnly } from './native-only';

/** Where one chat message came from: the Messages field that names its problems. */
export interface Origin {
  /** `system`, or `messages[i]`. */
  name: string;
  /** Chat content part index → the Messages block it came from (`messages[i].content[j]`). */
  parts: string[];
  /** Chat tool call index → the `tool_use` block it came from. */
  calls: string[];
}

/** The most blocks one message's content may hold (as chat's MAX_CONTENT_PARTS); a longer list is refused unwalked. */
const MAX_BLOCKS = 500;
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Blocks only Anthropic's own models read; dropped from the history sent to any other model (docs/api-notes.md "Anthropic Messages API"). */
const THINKING = new Set(['thinking', 'redacted_thinking']);

/** Where a request's blocks go while they are translated: its problems, and what only Anthropic's own models take. */
interface Reading {
  problems: Problems;
  native: NativeOnly;
  out: { messages: Raw[]; origins: Origin[] };
}

const kind = (value: unknown) => JSON.stringify(value ?? null).slice(0, 40);

/**
 * What stands in the translation for a block only Anthropic's own models take: its JSON, so the
 * turn is still one and the budget's worst-case bound (router/budgets/estimate.ts) counts its
 * bytes; only the native request is ever sent with it (any other model refuses it).
 */
function standIn(block: unknown): { type: 'text'; text: string } {
  return { type: 'text', text: JSON.stringify(block) };
}

/** An `image` block as chat's `image_url` part (base64 → a data URL; url → the URL); another source only natively. */
function imagePart(block: Raw, name: string, native: NativeOnly): Raw | null {
  const source = isObject(block.source) ? block.source : {};
  if (source.type === 'base64')
    return { type: 'image_url', image_url: { url: `data:${String(source.media_type)};base64,${String(source.data)}` } };
  if (source.type === 'url') return { type: 'image_url', image_url: { url: source.url } };
  native.note(`${name}.source`, `an image source of type ${kind(source.type)}`);
  return null;
}

/** A `document` block: plain text is read as text; a PDF (base64 or url) or a file only natively. */
function documentPart(block: Raw, name: string, native: NativeOnly): Raw | null {
  const source = isObject(block.source) ? block.source : {};
  if (source.type === 'text' && typeof source.data === 'string') {
    const title = typeof block.title === 'string' ? `${block.title}\n\n` : '';
    return { type: 'text', text: title + source.data };
  }
  native.note(name, `a document of source type ${kind(source.type)}`);
  return null;
}

/** A user block (not tool_result) as a chat content part, or null when only Anthropic's own models take it. */
function userPart(block: Raw, name: string, native: NativeOnly): Raw | null {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'image') return imagePart(block, name, native);
  if (block.type === 'document') return documentPart(block, name, native);
  native.note(name, `a ${kind(block.type)} block`);
  return null;
}

/** A `tool_result`'s content as a tool message's text; `is_error` says so in the text (chat has no such flag). */
function toolResultText(block: Raw, name: string, { problems, native }: Reading): string {
  const content = block.content ?? '';
  let text = '';
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    text = content
      .map((part: unknown, index) => {
        if (isObject(part) && part.type === 'text' && typeof part.text === 'string') return part.text;
        if (isObject(part) && part.type === 'text') problems.add(`${name}.content[${index}].text`, 'must be a string');
        else {
          native.note(`${name}.content[${index}]`, 'a tool result part other than text');
          return standIn(part).text;
        }
        return '';
      })
      .join('\n');
  } else problems.add(`${name}.content`, 'must be a string or a list of text blocks');
  return block.is_error === true ? `Error: ${text}` : text;
}

/** One user turn: its tool results first (chat wants them right after the assistant's calls), then the rest as one user message. */
function userTurn(blocks: unknown[], name: string, reading: Reading): void {
  const { problems, out } = reading;
  const parts: Raw[] = [];
  const partNames: string[] = [];
  blocks.forEach((block, index) => {
    const blockName = `${name}.content[${index}]`;
    if (!isObject(block)) return problems.add(blockName, 'must be an object {type, …}');
    if (block.type === 'tool_result') {
      if (typeof block.tool_use_id !== 'string') problems.add(`${blockName}.tool_use_id`, 'must be the id of a tool_use block');
      out.messages.push({ role: 'tool', tool_call_id: block.tool_use_id, content: toolResultText(block, blockName, reading) });
      out.origins.push({ name: blockName, parts: [], calls: [] });
      return;
    }
    parts.push(userPart(block, blockName, reading.native) ?? standIn(block));
    partNames.push(blockName);
  });
  if (parts.length > 0) {
    out.messages.push({ role: 'user', content: parts });
    out.origins.push({ name, parts: partNames, calls: [] });
  }
}

/** One assistant turn: its text, its tool_use blocks as tool calls; thinking blocks left out. */
function assistantTurn(blocks: unknown[], name: string, { problems, native, out }: Reading): void {
  const texts: string[] = [];
  const calls: Raw[] = [];
  const callNames: string[] = [];
  blocks.forEach((block, index) => {
    const blockName = `${name}.content[${index}]`;
    if (!isObject(block)) return problems.add(blockName, 'must be an object {type, …}');
    if (block.type === 'text') {
      if (typeof block.text === 'string') texts.push(block.text);
      else problems.add(`${blockName}.text`, 'must be a string');
    } else if (block.type === 'tool_use') {
      if (!isObject(block.input)) problems.add(`${blockName}.input`, 'must be an object');
      calls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
      callNames.push(blockName);
    } else if (!THINKING.has(String(block.type))) {
      native.note(blockName, `a ${kind(block.type)} block in an assistant turn`);
      texts.push(standIn(block).text);
    }
  });
  const message: Raw = { role: 'assistant', content: texts.length > 0 ? texts.join('\n') : calls.length > 0 ? null : '' };
  if (calls.length > 0) message.tool_calls = calls;
  out.messages.push(message);
  out.origins.push({ name, parts: [], calls: callNames });
}

/** `system`: a string or a list of text blocks (their `cache_control` is for the native path only). */
function systemMessage(system: unknown, problems: Problems): Raw | null {
  if (system === undefined || system === null) return null;
  if (typeof system === 'string') return { role: 'system', content: system };
  if (!Array.isArray(system) || system.length > MAX_BLOCKS) {
    problems.add('system', `must be a string or a list of at most ${MAX_BLOCKS} text blocks`);
    return null;
  }
  const texts = system.map((block: unknown, index) => {
    if (isObject(block) && block.type === 'text' && typeof block.text === 'string') return block.text;
    problems.add(`system[${index}]`, 'must be a text block {type: "text", text}');
    return '';
  });
  return { role: 'system', content: texts.join('\n') };
}

/**
 * `system` and `messages` as chat messages, each with the Messages field it came from
 * (docs/api-notes.md "Anthropic Messages API"): a user turn's `tool_result` blocks become tool
 * messages, its other blocks one user message; an assistant turn's `tool_use` blocks its tool calls.
 * A block only Anthropic's own models take is left out and noted in `native`.
 */
export function chatMessages(raw: Raw, problems: Problems, native: NativeOnly): { messages: Raw[]; origins: Origin[] } {
  const out: { messages: Raw[]; origins: Origin[] } = { messages: [], origins: [] };
  const reading: Reading = { problems, native, out };
  const system = systemMessage(raw.system, problems);
  if (system) {
    out.messages.push(system);
    out.origins.push({ name: 'system', parts: [], calls: [] });
  }
  const list = raw.messages;
  if (!Array.isArray(list) || list.length === 0) {
    problems.add('messages', 'must be a non-empty list of {role: user | assistant, content}');
    return out;
  }
  list.forEach((message: unknown, index) => {
    const name = `messages[${index}]`;
    if (!isObject(message)) return problems.add(name, 'must be an object {role, content}');
    if (message.role !== 'user' && message.role !== 'assistant') return problems.add(`${name}.role`, 'must be user or assistant');
    const content = message.content;
    if (typeof content === 'string') {
      out.messages.push({ role: message.role, content });
      out.origins.push({ name, parts: [], calls: [] });
      return;
    }
    if (!Array.isArray(content) || content.length > MAX_BLOCKS)
      return problems.add(`${name}.content`, `must be a string or a list of at most ${MAX_BLOCKS} content blocks`);
    if (message.role === 'user') userTurn(content, name, reading);
    else assistantTurn(content, name, reading);
  });
  return out;
}
