import type { Conversation, FormatSpec } from './chat-intent';

/**
 * Reads an Ollama `/api/chat` request the way docs/architecture.md §9's rules need it, and refuses what
 * Ollama refuses: `images` that are not base64 (Ollama never fetches URLs), tool-call
 * `arguments` that are not an object (Go's unmarshal error). Ollama has no `tool_choice`.
 */

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Ollama's error text for this request, or null. */
export function ollamaMessageProblem(message: any): string | null {
  if (message.images !== undefined) {
    if (!Array.isArray(message.images) || message.images.some((image: unknown) => typeof image !== 'string' || !BASE64.test(image))) {
      return 'illegal base64 data at input byte 4';
    }
  }
  for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
    const args = call?.function?.arguments;
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return 'json: cannot unmarshal string into Go struct field ToolCallFunction.messages.tool_calls.function.arguments of type api.ToolCallFunctionArguments';
    }
  }
  return null;
}

function formatOf(value: unknown): FormatSpec {
  if (value === 'json') return { type: 'json_object' };
  if (typeof value === 'object' && value !== null) return { type: 'json_schema', schema: value as Record<string, unknown> };
  return undefined;
}

export function ollamaConversation(body: any): Conversation {
  const messages = body.messages as Array<{ role: string; content: string; images?: string[] }>;
  const last = messages[messages.length - 1];
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  return {
    lastRole: last?.role ?? 'user',
    userText: (lastUser?.content ?? '').trim(),
    imageCount: lastUser?.images?.length ?? 0,
    toolResult: last?.content ?? '',
    tools: (Array.isArray(body.tools) ? body.tools : []).map((tool: any) => ({
      name: tool.function?.name,
      parameters: tool.function?.parameters ?? {},
    })),
    toolChoice: undefined,
    format: formatOf(body.format),
  };
}
