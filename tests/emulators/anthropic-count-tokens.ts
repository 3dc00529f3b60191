import { contentText, countWords } from './answer';
import { anthropicProblem } from './anthropic-checks';

/**
 * Anthropic's `POST /v1/messages/count_tokens`: the Messages request without max_tokens (the fields
 * of the SDK's MessageCountTokensParams; any other is refused as Anthropic refuses extra inputs),
 * checked as /v1/messages checks it, answered `{input_tokens}` by the words /v1/messages bills.
 */
const COUNTED_FIELDS = new Set([
  'model',
  'messages',
  'system',
  'tools',
  'tool_choice',
  'thinking',
  'mcp_servers',
  'output_config',
  'cache_control',
  'speed',
]);

export function countTokensAnswer(body: any): { status: number; body: Record<string, unknown> } | [number, string] {
  const extra = Object.keys(body).find((field) => !COUNTED_FIELDS.has(field));
  if (extra) return [400, `${extra}: Extra inputs are not permitted`];
  const problem = anthropicProblem({ ...body, max_tokens: 1 });
  if (problem) return problem;
  const systemText = typeof body.system === 'string' ? body.system : contentText(body.system);
  const messages = body.messages as Array<{ content: unknown }>;
  const tools = Array.isArray(body.tools) ? body.tools.map((tool: any) => `${tool.name ?? ''} ${tool.description ?? ''}`).join(' ') : '';
  const words =
    countWords(systemText) + countWords(tools) + messages.reduce((sum, message) => sum + countWords(contentText(message.content)), 0);
  return { status: 200, body: { input_tokens: words } };
}
