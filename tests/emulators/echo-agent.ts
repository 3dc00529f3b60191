/**
 * What an emulated model does with tools, tool results, JSON modes and images, whatever the
 * wire format — the rules docs/architecture.md §9 gives mock/echo, so e2e tests can predict every answer:
 * - after a tool result: the text `tool said: <that result>`;
 * - else with tools callable (tool choice not none): a call of the tool the choice names, else
 *   the first one, with arguments built from its JSON Schema (`valueFor`);
 * - else with a JSON schema to answer in: a JSON object built from it;
 * - else the echo (`Echo: <last user text>`), with ` [N image(s)]` after it when the last user
 *   turn held images.
 * Each wire format reads its request into a `Conversation` and writes the `AgentReply` back.
 */
import { replyTo, type Reply } from './answer';

export interface Conversation {
  /** The last user turn's text (its text parts joined with spaces). */
  lastUserText: string;
  /** Images in the last user turn. */
  images: number;
  /** Set when the conversation ends with tool results: the last one's text. */
  toolResult?: string;
  /** The tools the model may call now ([] when none, or tool choice none). */
  tools: Array<{ name: string; schema: unknown }>;
  /** The tool the request forces, when it names one. */
  forcedTool?: string;
  /** A schema the answer's text must follow (output format / response schema). */
  answerSchema?: unknown;
  /** JSON wanted without a schema (Gemini responseMimeType without responseSchema). */
  answerJson?: boolean;
  maxTokens?: number;
}

export type AgentReply =
  { kind: 'text'; reply: Reply } | { kind: 'tool'; name: string; arguments: Record<string, unknown>; argumentsText: string };

export function agentReply(conversation: Conversation): AgentReply {
  if (conversation.toolResult !== undefined)
    return { kind: 'text', reply: textReply(`tool said: ${conversation.toolResult}`, conversation.maxTokens) };
  if (conversation.tools.length > 0) {
    const tool = conversation.tools.find((candidate) => candidate.name === conversation.forcedTool) ?? conversation.tools[0]!;
    const value = valueFor(tool.schema, conversation.lastUserText);
    const args = isRecord(value) ? value : {};
    return { kind: 'tool', name: tool.name, arguments: args, argumentsText: JSON.stringify(args) };
  }
  if (conversation.answerSchema !== undefined)
    return { kind: 'text', reply: jsonReply(JSON.stringify(valueFor(conversation.answerSchema, conversation.lastUserText))) };
  if (conversation.answerJson) return { kind: 'text', reply: jsonReply(JSON.stringify({ echo: conversation.lastUserText })) };
  const reply = replyTo(conversation.lastUserText, conversation.maxTokens);
  if (conversation.images === 0 || reply.finish === 'length') return { kind: 'text', reply };
  return { kind: 'text', reply: textReply(`${reply.text} [${conversation.images} image(s)]`) };
}

/**
 * A minimal value of a JSON Schema: objects hold their required properties only; string →
 * `text`, number/integer → its length, boolean → true, enum/const → the first value, arrays →
 * `minItems` items (none by default), anyOf/oneOf → the first branch.
 */
export function valueFor(schema: unknown, text: string): unknown {
  if (!isRecord(schema)) return text;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches && branches.length > 0)
    return valueFor(branches.find((branch) => !(isRecord(branch) && branch.type === 'null')) ?? branches[0], text);
  const named = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  const type = typeof named === 'string' ? named.toLowerCase() : undefined; // Gemini clients may write STRING, OBJECT…
  if (type === 'object' || (type === undefined && isRecord(schema.properties))) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    return Object.fromEntries(required.map((name) => [name, valueFor(properties[name], text)]));
  }
  if (type === 'array') {
    const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
    return Array.from({ length: count }, () => valueFor(schema.items, text));
  }
  if (type === 'number' || type === 'integer') return text.length;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  return text;
}

/** A fixed text as word deltas, cut at `maxTokens` words like the echo. */
function textReply(text: string, maxTokens?: number): Reply {
  const deltas = text.match(/\s*\S+/g) ?? [];
  const cut = maxTokens !== undefined && maxTokens >= 0 && deltas.length > maxTokens ? deltas.slice(0, maxTokens) : deltas;
  return { deltas: cut, text: cut.join(''), finish: cut.length < deltas.length ? 'length' : 'stop', completionTokens: cut.length };
}

/** JSON text sent in two pieces that split it mid-token, as providers do. */
function jsonReply(json: string): Reply {
  const middle = Math.ceil(json.length / 2);
  const deltas = json.length > 1 ? [json.slice(0, middle), json.slice(middle)] : [json];
  return { deltas, text: json, finish: 'stop', completionTokens: deltas.length };
}

export const isRecord = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
