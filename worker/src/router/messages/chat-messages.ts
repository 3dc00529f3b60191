import { ApiError } from '../../support/api-error';
import type { Problems, Raw } from '../../support/problems';

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

function unsupportedBlock(name: string, what: string): ApiError {
  return new ApiError(400, 'svc_unsupported_parameter', `The content block ${name} (${what}) cannot be sent to a model through this hub.`, {
    params: { [name]: `${what} is not supported` },
  });
}

/** An `image` block as chat's `image_url` part (base64 → a data URL; url → the URL). */
function imagePart(block: Raw, name: string): Raw {
  const source = isObject(block.source) ? block.source : {};
  if (source.type === 'base64')
    return { type: 'image_url', image_url: { url: `data:${String(source.media_type)};base64,${String(source.data)}` } };
  if (source.type === 'url') return { type: 'image_url', image_url: { url: source.url } };
  throw unsupportedBlock(`${name}.source`, `an image source of type ${JSON.stringify(source.type ?? null).slice(0, 40)}`);
}

/** A `document` block: plain text is read as text; a PDF (base64 or url) or a file id cannot be translated. */
function documentPart(block: Raw, name: string): Raw {
  const source = isObject(block.source) ? block.source : {};
  if (source.type === 'text' && typeof source.data === 'string') {
    const title = typeof block.title === 'string' ? `${block.title}\n\n` : '';
    return { type: 'text', text: title + source.data };
  }
  throw unsupportedBlock(name, `a ${String(source.type ?? 'unknown').slice(0, 20)} document`);
}

/** A user block (not tool_result) as a chat content part. */
function userPart(block: Raw, name: string): Raw {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'image') return imagePart(block, name);
  if (block.type === 'document') return documentPart(block, name);
  throw unsupportedBlock(name, `a ${JSON.stringify(block.type ?? null).slice(0, 40)} block`);
}

/** A `tool_result`'s content as a tool message's text; `is_error` says so in the text (chat has no such flag). */
function toolResultText(block: Raw, name: string, problems: Problems): string {
  const content = block.content ?? '';
  let text = '';
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    text = content
      .map((part: unknown, index) => {
        if (isObject(part) && part.type === 'text' && typeof part.text === 'string') return part.text;
        if (isObject(part) && part.type === 'text') problems.add(`${name}.content[${index}].text`, 'must be a string');
        else throw unsupportedBlock(`${name}.content[${index}]`, 'a tool result part other than text');
        return '';
      })
      .join('\n');
  } else problems.add(`${name}.content`, 'must be a string or a list of text blocks');
  return block.is_error === true ? `Error: ${text}` : text;
}

/** One user turn: its tool results first (chat wants them right after the assistant's calls), then the rest as one user message. */
function userTurn(blocks: unknown[], name: string, problems: Problems, out: { messages: Raw[]; origins: Origin[] }): void {
  const parts: Raw[] = [];
  const partNames: string[] = [];
  blocks.forEach((block, index) => {
    const blockName = `${name}.content[${index}]`;
    if (!isObject(block)) return problems.add(blockName, 'must be an object {type, …}');
    if (block.type === 'tool_result') {
      if (typeof block.tool_use_id !== 'string') problems.add(`${blockName}.tool_use_id`, 'must be the id of a tool_use block');
      out.messages.push({ role: 'tool', tool_call_id: block.tool_use_id, content: toolResultText(block, blockName, problems) });
      out.origins.push({ name: blockName, parts: [], calls: [] });
      return;
    }
    parts.push(userPart(block, blockName));
    partNames.push(blockName);
  });
  if (parts.length > 0) {
    out.messages.push({ role: 'user', content: parts });
    out.origins.push({ name, parts: partNames, calls: [] });
  }
}

/** One assistant turn: its text, its tool_use blocks as tool calls; thinking blocks left out. */
function assistantTurn(blocks: unknown[], name: string, problems: Problems, out: { messages: Raw[]; origins: Origin[] }): void {
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
      throw unsupportedBlock(blockName, `a ${JSON.stringify(block.type ?? null).slice(0, 40)} block in an assistant turn`);
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
 */
export function chatMessages(raw: Raw, problems: Problems): { messages: Raw[]; origins: Origin[] } {
  const out: { messages: Raw[]; origins: Origin[] } = { messages: [], origins: [] };
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
    if (message.role === 'user') userTurn(content, name, problems, out);
    else assistantTurn(content, name, problems, out);
  });
  return out;
}
