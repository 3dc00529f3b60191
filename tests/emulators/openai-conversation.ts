import { contentText } from './answer';
import type { Conversation, FormatSpec, ToolChoiceSpec, ToolSpec } from './chat-intent';
import type { OpenAiFlavour } from './openai-stream';

/**
 * Reads tools, tool history, image parts and JSON modes from an OpenAI-shaped chat request,
 * and refuses what the provider would refuse (OpenAI's messages; Mistral's 422 for unknown
 * fields and its 9-character tool-call ids).
 */

export type Problem = [status: number, message: string, param: string | null, code: string | null];

/** Body fields Mistral's chat endpoint accepts; anything else is a 422 `extra_forbidden`. */
const MISTRAL_FIELDS = new Set([
  'model',
  'messages',
  'temperature',
  'top_p',
  'max_tokens',
  'stream',
  'stop',
  'random_seed',
  'response_format',
  'tools',
  'tool_choice',
  'presence_penalty',
  'frequency_penalty',
  'n',
  'prediction',
  'parallel_tool_calls',
  'prompt_mode',
  'safe_prompt',
]);
const MISTRAL_ID = /^[A-Za-z0-9]{9}$/;

const imageParts = (content: unknown) => (Array.isArray(content) ? content.filter((part) => part?.type === 'image_url') : []);

/** The first thing the provider would refuse about tools, parts or dialect, or null. */
export function toolProblem(body: any, flavour: OpenAiFlavour): Problem | null {
  if (flavour === 'mistral') {
    const extra = Object.keys(body).find((name) => !MISTRAL_FIELDS.has(name));
    if (extra) return [422, `Extra inputs are not permitted (body.${extra}: extra_forbidden)`, extra, 'extra_forbidden'];
  }
  const tools: unknown[] = Array.isArray(body.tools) ? body.tools : [];
  for (const [index, tool] of tools.entries()) {
    const fn = (tool as any)?.function;
    if (typeof fn?.name !== 'string' || fn.name === '')
      return [
        400,
        `Missing required parameter: 'tools[${index}].function.name'.`,
        `tools[${index}].function.name`,
        'missing_required_parameter',
      ];
  }
  const choice = body.tool_choice;
  const choices = flavour === 'mistral' ? ['none', 'auto', 'any', 'required'] : ['none', 'auto', 'required'];
  if (typeof choice === 'string' && !choices.includes(choice)) return [400, `Invalid value: '${choice}'.`, 'tool_choice', 'invalid_value'];
  const calls = new Set<string>();
  for (const [index, message] of (body.messages as any[]).entries()) {
    for (const part of imageParts(message.content)) {
      const url = part.image_url?.url;
      if (typeof url !== 'string' || !/^(https:\/\/|data:image\/[a-z+.-]+;base64,)/.test(url)) {
        return [
          400,
          `Invalid 'messages[${index}].content': image_url must be an https URL or a base64 data URL.`,
          `messages[${index}].content`,
          'invalid_value',
        ];
      }
    }
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      if (flavour === 'mistral' && !MISTRAL_ID.test(call?.id))
        return [400, `Tool call id was ${call?.id} but must be a-z, A-Z, 0-9, with a length of 9.`, null, null];
      calls.add(call?.id);
    }
    if (message.role === 'tool' && !calls.has(message.tool_call_id)) {
      const param = `messages[${index}].tool_call_id`;
      return [
        400,
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        param,
        null,
      ];
    }
  }
  return null;
}

function toolChoiceOf(value: any): ToolChoiceSpec {
  if (value === 'any') return 'required';
  if (typeof value === 'string') return value as ToolChoiceSpec;
  if (typeof value?.function?.name === 'string') return { name: value.function.name };
  return undefined;
}

function formatOf(value: any): FormatSpec {
  if (value?.type === 'json_object') return { type: 'json_object' };
  if (value?.type === 'json_schema') return { type: 'json_schema', schema: value.json_schema?.schema ?? {} };
  return undefined;
}

/** The conversation as docs/architecture.md §9's rules read it. */
export function conversationFrom(body: any): Conversation {
  const messages = body.messages as Array<{ role: string; content: unknown }>;
  const last = messages[messages.length - 1]!;
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  const tools: ToolSpec[] = (Array.isArray(body.tools) ? body.tools : []).map((tool: any) => ({
    name: tool.function.name,
    parameters: tool.function.parameters ?? {},
  }));
  return {
    lastRole: last.role,
    userText: contentText(lastUser?.content ?? '').trim(),
    imageCount: imageParts(lastUser?.content).length,
    toolResult: contentText(last.content),
    tools,
    toolChoice: toolChoiceOf(body.tool_choice),
    format: formatOf(body.response_format),
  };
}
