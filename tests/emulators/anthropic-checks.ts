import { isUnknownModel } from './answer';
import { isRecord } from './echo-agent';

/**
 * What Anthropic's Messages API refuses (400 invalid_request_error unless said otherwise),
 * with Anthropic's own messages, so router bugs fail here as they would there: a `system`
 * message, a missing max_tokens, temperature over 1; malformed tools and tool_choice; thinking
 * with a forced tool, or in a tool loop whose assistant turn does not start with its thinking
 * block; tool results that answer no call of the previous turn, and calls left unanswered; image blocks Anthropic cannot read; output_config.format on a Claude 3 model.
 */

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

type Problem = [number, string];

export function anthropicProblem(body: any): Problem | null {
  if (typeof body.model !== 'string' || !body.model) return [400, 'model: Field required'];
  if (body.max_tokens === undefined) return [400, 'max_tokens: Field required'];
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) return [400, 'max_tokens: Input should be greater than or equal to 1'];
  if (!Array.isArray(body.messages)) return [400, 'messages: Field required'];
  if (body.messages.length === 0) return [400, 'messages: at least one message is required'];
  for (const [index, message] of body.messages.entries()) {
    if (message?.role === 'system') {
      return [
        400,
        'messages: Unexpected role "system". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.',
      ];
    }
    if (message?.role !== 'user' && message?.role !== 'assistant')
      return [400, `messages.${index}.role: Input should be 'user' or 'assistant'`];
    if (typeof message.content !== 'string' && !Array.isArray(message.content))
      return [400, `messages.${index}.content: Input should be a valid list`];
  }
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 1)) {
    return [400, 'temperature: Input should be less than or equal to 1'];
  }
  if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system))
    return [400, 'system: Input should be a valid list'];
  const problem = toolsProblem(body) ?? historyProblem(body.messages) ?? thinkingProblem(body) ?? outputProblem(body);
  if (problem) return problem;
  if (isUnknownModel(body.model)) return [404, `model: ${body.model}`];
  return null;
}

function toolsProblem(body: any): Problem | null {
  const tools: any[] = body.tools ?? [];
  if (!Array.isArray(tools)) return [400, 'tools: Input should be a valid list'];
  for (const [index, tool] of tools.entries()) {
    if (typeof tool?.type === 'string' && tool.type !== 'custom') continue; // a server tool (web_search_…): Anthropic runs it, no schema
    if (typeof tool?.name !== 'string' || !TOOL_NAME.test(tool.name))
      return [400, `tools.${index}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`];
    if (!isRecord(tool.input_schema) || tool.input_schema.type !== 'object')
      return [400, `tools.${index}.custom.input_schema.type: Input should be 'object'`];
  }
  const choice = body.tool_choice;
  if (choice === undefined) return null;
  if (!isRecord(choice) || !['auto', 'any', 'tool', 'none'].includes(choice.type)) {
    return [400, "tool_choice: Input tag does not match any of the expected tags: 'auto', 'any', 'tool', 'none'"];
  }
  if (choice.type === 'tool' && !tools.some((tool) => tool.name === choice.name))
    return [400, `tool_choice.name: Tool '${choice.name}' not found in tools`];
  if ((choice.type === 'tool' || choice.type === 'any') && body.thinking?.type === 'enabled')
    return [400, 'Thinking may not be enabled when tool_choice forces tool use.'];
  return null;
}

const blocks = (message: any): any[] => (Array.isArray(message?.content) ? message.content.filter(isRecord) : []);

function historyProblem(messages: any[]): Problem | null {
  for (const [index, message] of messages.entries()) {
    for (const [position, block] of blocks(message).entries()) {
      if (block.type === 'image') {
        const source = block.source;
        const readable =
          (source?.type === 'base64' && IMAGE_TYPES.includes(source.media_type) && typeof source.data === 'string' && source.data !== '') ||
          (source?.type === 'url' && typeof source.url === 'string' && /^https?:\/\//.test(source.url));
        if (!readable)
          return [
            400,
            `messages.${index}.content.${position}.image.source: Input does not match a base64 or url image source (media types: ${IMAGE_TYPES.join(', ')})`,
          ];
      }
      if (block.type !== 'tool_result') continue;
      const calls = blocks(messages[index - 1])
        .filter((previous) => previous.type === 'tool_use')
        .map((previous) => previous.id);
      if (!calls.includes(block.tool_use_id)) {
        return [
          400,
          `messages.${index}.content.${position}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${block.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
        ];
      }
    }
    const next = messages[index + 1];
    if (message.role !== 'assistant' || next === undefined) continue;
    const answered = blocks(next)
      .filter((block) => block.type === 'tool_result')
      .map((block) => block.tool_use_id);
    const open = blocks(message).filter((block) => block.type === 'tool_use' && !answered.includes(block.id));
    if (open.length > 0) {
      return [
        400,
        `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${open.map((block) => block.id).join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      ];
    }
  }
  return null;
}

/** With thinking on, the assistant turn a tool loop is in must start with its (signed) thinking block. */
function thinkingProblem(body: any): Problem | null {
  if (body.thinking?.type !== 'enabled') return null;
  const messages: any[] = body.messages;
  const index = messages.map((message) => message.role).lastIndexOf('assistant');
  const first = blocks(messages[index])[0];
  const onlyResultsAfter = messages
    .slice(index + 1)
    .every((message) => blocks(message).length > 0 && blocks(message).every((block) => block.type === 'tool_result'));
  if (index < 0 || !onlyResultsAfter || !blocks(messages[index]).some((block) => block.type === 'tool_use')) return null;
  if (first?.type === 'thinking' || first?.type === 'redacted_thinking') return null;
  return [
    400,
    `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first?.type}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). To avoid this requirement, disable \`thinking\`.`,
  ];
}

function outputProblem(body: any): Problem | null {
  const format = body.output_config?.format;
  if (format === undefined) return null;
  if (format?.type !== 'json_schema' || !isRecord(format.schema)) return [400, "output_config.format.type: Input should be 'json_schema'"];
  if (/^claude-3/.test(body.model)) return [400, `'${body.model}' does not support output_config.format.`];
  return null;
}
