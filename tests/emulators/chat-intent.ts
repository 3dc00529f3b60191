import { countWords, type Reply } from './answer';

/**
 * What an emulated model decides to answer when the request carries tools, a tool result,
 * a JSON mode or images — docs/architecture.md §9's mock/echo rules, the same in every wire format:
 * - tools (and tool_choice not `none`) after a user message: call the tool `tool_choice` names,
 *   else the first, with arguments built from its JSON Schema (`valueFromSchema`);
 * - after a `tool` message: `tool said: <that content>`;
 * - `json_schema`: an object built from the schema; `json_object`: `{"echo": "<user text>"}`;
 * - otherwise `Echo: <user text>`, with ` [N image(s)]` when the user message had images.
 */

export interface ToolSpec {
  name: string;
  parameters: Record<string, unknown>;
}

export type ToolChoiceSpec = 'none' | 'auto' | 'required' | { name: string } | undefined;

export type FormatSpec = { type: 'json_object' } | { type: 'json_schema'; schema: Record<string, unknown> } | undefined;

export interface Conversation {
  /** The last message's role after the format's own mapping (`tool` for a tool result). */
  lastRole: string;
  /** Text of the last user message. */
  userText: string;
  /** Images in the last user message. */
  imageCount: number;
  /** Content of the last message when it is a tool result. */
  toolResult: string;
  tools: ToolSpec[];
  toolChoice: ToolChoiceSpec;
  format: FormatSpec;
}

export type Intent = { kind: 'tool'; name: string; arguments: string } | { kind: 'text'; text: string };

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A minimal value for `schema`: string → `text`, number/integer → its length, boolean → true,
 * enum → its first value, object → its required properties built the same way, array → one
 * item built from `items`.
 */
export function valueFromSchema(schema: unknown, text: string): unknown {
  if (!isSchema(schema)) return text;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options) && options.length > 0) return valueFromSchema(options[0], text);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'number':
    case 'integer':
      return text.length;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return [valueFromSchema(schema.items, text)];
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      return Object.fromEntries(required.map((name) => [name, valueFromSchema(properties[name], text)]));
    }
    default:
      return isSchema(schema.properties) ? valueFromSchema({ ...schema, type: 'object' }, text) : text;
  }
}

export function decideIntent(conversation: Conversation): Intent {
  const { tools, toolChoice, format, userText } = conversation;
  if (conversation.lastRole === 'tool') return { kind: 'text', text: `tool said: ${conversation.toolResult}` };
  if (conversation.lastRole === 'user' && tools.length > 0 && toolChoice !== 'none') {
    const named = typeof toolChoice === 'object' ? tools.find((tool) => tool.name === toolChoice.name) : undefined;
    const tool = named ?? tools[0]!;
    return { kind: 'tool', name: tool.name, arguments: JSON.stringify(valueFromSchema({ type: 'object', ...tool.parameters }, userText)) };
  }
  if (format?.type === 'json_schema') return { kind: 'text', text: JSON.stringify(valueFromSchema(format.schema, userText)) };
  if (format?.type === 'json_object') return { kind: 'text', text: JSON.stringify({ echo: userText }) };
  const images = conversation.imageCount > 0 ? ` [${conversation.imageCount} image(s)]` : '';
  return { kind: 'text', text: `Echo: ${userText}`.trimEnd() + images };
}

/** `text` as word deltas, cut at `maxTokens` words (finish `length`), like `replyTo`. */
export function replyWith(text: string, maxTokens?: number): Reply {
  let deltas: string[] = text.match(/\s*\S+/g) ?? [];
  let finish: Reply['finish'] = 'stop';
  if (maxTokens !== undefined && maxTokens >= 0 && deltas.length > maxTokens) {
    deltas = deltas.slice(0, maxTokens);
    finish = 'length';
  }
  return { deltas, text: deltas.join(''), finish, completionTokens: deltas.length };
}

/** A tool call's arguments as stream fragments: three pieces (the last may be empty), joined they give `text`. */
export function argumentFragments(text: string): string[] {
  const third = Math.ceil(text.length / 3);
  return [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)].filter((piece) => piece !== '');
}

/** Completion tokens of a tool call: the words of its name and arguments. */
export function toolCallTokens(intent: Extract<Intent, { kind: 'tool' }>): number {
  return countWords(`${intent.name} ${intent.arguments}`);
}
