import { isRecord, type Conversation } from './echo-agent';

/**
 * A generateContent request read for the agent rules (echo-agent.ts): `functionResponse`
 * parts ending the conversation, image parts (`inline_data`/`file_data`, either spelling), the
 * function declarations `toolConfig` leaves callable, and the JSON response settings.
 */
export function readGeminiConversation(body: any): Conversation {
  const contents: any[] = body.contents;
  const parts = (content: any): any[] => (Array.isArray(content?.parts) ? content.parts.filter(isRecord) : []);
  const last = contents.at(-1);
  const lastParts = (last?.role ?? 'user') === 'user' ? parts(last) : [];
  const responses = lastParts.filter((part) => isRecord(part.functionResponse));
  const lastUser = [...contents]
    .reverse()
    .find((content) => (content.role ?? 'user') === 'user' && !parts(content).some((part) => isRecord(part.functionResponse)));
  const config = body.toolConfig?.functionCallingConfig ?? {};
  const declarations: any[] = (Array.isArray(body.tools) ? body.tools : []).flatMap((tool: any) =>
    Array.isArray(tool?.functionDeclarations) ? tool.functionDeclarations : [],
  );
  const allowed: string[] | undefined = Array.isArray(config.allowedFunctionNames) ? config.allowedFunctionNames : undefined;
  const tools =
    config.mode === 'NONE'
      ? []
      : declarations
          .filter((tool) => !allowed || allowed.includes(tool.name))
          .map((tool) => ({ name: tool.name, schema: tool.parameters ?? { type: 'object' } }));
  const generation = body.generationConfig ?? {};
  const json = generation.responseMimeType === 'application/json';
  const schema = generation.responseSchema ?? generation.responseJsonSchema;
  return {
    lastUserText: parts(lastUser)
      .map((part) => (typeof part.text === 'string' ? part.text : ''))
      .filter(Boolean)
      .join(' '),
    images: lastParts.filter((part) => part.inline_data ?? part.inlineData ?? part.file_data ?? part.fileData).length,
    toolResult: responses.length > 0 ? resultText(responses.at(-1).functionResponse.response) : undefined,
    tools,
    answerSchema: json ? schema : undefined,
    answerJson: json && schema === undefined,
    maxTokens: generation.maxOutputTokens,
  };
}

/** `{content: "text"}` → the text; any other response object → its JSON. */
function resultText(response: unknown): string {
  if (isRecord(response) && Object.keys(response).length === 1 && 'content' in response) {
    return typeof response.content === 'string' ? response.content : JSON.stringify(response.content);
  }
  return JSON.stringify(response);
}
