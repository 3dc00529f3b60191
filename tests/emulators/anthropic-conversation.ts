import { contentText } from './answer';
import { isRecord, type Conversation } from './echo-agent';

/**
 * An Anthropic Messages request read for the agent rules (echo-agent.ts): tool results in
 * the last user turn (`tool_result` blocks; content a string or text blocks), image blocks,
 * the tools the `tool_choice` leaves callable, and `output_config.format`'s schema (the GA
 * field; the older beta `output_format` too).
 */
export function readAnthropicConversation(body: any): Conversation {
  const messages: any[] = body.messages;
  const last = messages.at(-1);
  const lastBlocks: any[] = last?.role === 'user' && Array.isArray(last.content) ? last.content.filter(isRecord) : [];
  const results = lastBlocks.filter((block) => block.type === 'tool_result');
  const lastUser = [...messages]
    .reverse()
    .find(
      (message) =>
        message.role === 'user' && !(Array.isArray(message.content) && message.content.some((block: any) => block?.type === 'tool_result')),
    );
  const choice = body.tool_choice;
  const tools = choice?.type === 'none' ? [] : (body.tools ?? []).map((tool: any) => ({ name: tool.name, schema: tool.input_schema }));
  const format = body.output_config?.format ?? body.output_format;
  return {
    lastUserText: contentText(lastUser?.content ?? ''),
    images: lastBlocks.filter((block) => block.type === 'image').length,
    toolResult: results.length > 0 ? contentText(results.at(-1).content) : undefined,
    tools,
    forcedTool: choice?.type === 'tool' ? choice.name : undefined,
    answerSchema: format?.type === 'json_schema' ? format.schema : undefined,
    maxTokens: body.max_tokens,
  };
}
