import { countWords, embeddingFor, isUnknownModel, type Reply } from './answer';
import { agentReply, type AgentReply } from './echo-agent';
import { geminiProblem } from './gemini-checks';
import { readGeminiConversation } from './gemini-conversation';
import type { Exchange } from './exchange';
import { asksImages, geminiImage, IMAGE_MODELS, imagenPredict } from './gemini-images';
import { answerJson, header, nextId, openingMoves, playStream, type EmulatorState, type Incoming, type StreamFraming } from './flow';

/**
 * Google Gemini (`/v1beta/models/{model}:generateContent`, `:streamGenerateContent?alt=sse`,
 * `:embedContent`, `:batchEmbedContents`), key in `x-goog-api-key`. Usage is cumulative on
 * every chunk (fixture google-text.chunks.txt). Events end with CRLF CRLF, as Google sends
 * them; without `alt=sse` the stream is one JSON array, as Google sends it.
 */

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};
const MODELS = ['gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-3-pro-preview', 'text-embedding-004'];
const METHOD_PATH = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent|embedContent|batchEmbedContents|predict)$/;

type Fail = (status: number, message: string, details?: unknown[]) => void;

function failer(exchange: Exchange): Fail {
  return (status, message, details) => {
    const error = {
      code: status,
      message,
      status: STATUS_NAMES[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT'),
      ...(details ? { details } : {}),
    };
    exchange.json(status, { error });
  };
}

/** A scripted error: 429 carries `RetryInfo.retryDelay` (fixture google-429-retry-info.json), no header. */
function scriptedError(fail: Fail, status: number, retryAfter?: string): void {
  if (status !== 429)
    return fail(
      status,
      status >= 500
        ? 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'
        : `Scripted error ${status}.`,
    );
  const details: unknown[] = [
    {
      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
      violations: [{ quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier' }],
    },
  ];
  if (retryAfter) details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfter}s` });
  fail(429, 'You exceeded your current quota, please check your plan.', details);
}

const partsText = (parts: unknown) =>
  Array.isArray(parts) ? parts.map((part) => (typeof part?.text === 'string' ? part.text : '')).join(' ') : '';

function generateProblem(body: any, model: string): [number, string] | null {
  const problem = geminiProblem(body, model);
  if (problem) return problem;
  if (isUnknownModel(model)) {
    return [
      404,
      `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
    ];
  }
  return null;
}

export async function handleGemini(exchange: Exchange, incoming: Incoming, state: EmulatorState): Promise<void> {
  const fail = failer(exchange);
  const { entry } = exchange;
  const key = header(incoming.headers, 'x-goog-api-key') ?? incoming.url.searchParams.get('key') ?? undefined;
  entry.authorized = key === state.keys.google;
  const match = incoming.method === 'POST' ? METHOD_PATH.exec(incoming.path) : null;
  const isList = incoming.method === 'GET' && incoming.path === '/v1beta/models';
  if (!match && !isList) return fail(404, `Requested entity was not found.`);
  if (!key) {
    return fail(
      403,
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    );
  }
  if (!entry.authorized) {
    return fail(400, 'API key not valid. Please pass a valid API key.', [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'generativelanguage.googleapis.com' },
      },
    ]);
  }
  if (isList) {
    const models = MODELS.map((name) => ({ name: `models/${name}`, displayName: name, inputTokenLimit: 1048576, outputTokenLimit: 8192 }));
    return exchange.json(200, { models });
  }
  const model = decodeURIComponent(match![1]!);
  const method = match![2]!;
  entry.model = model;
  entry.stream = method === 'streamGenerateContent';
  if (incoming.bodyInvalid || !incoming.body || typeof incoming.body !== 'object') return fail(400, 'Invalid JSON payload received.');
  if (method === 'embedContent' || method === 'batchEmbedContents') return embed(exchange, state, fail, model, method, incoming.body);
  if (method === 'predict') return imagenPredict(exchange, state, fail, model, incoming.body);
  if (method === 'generateContent' && (asksImages(incoming.body) || IMAGE_MODELS.includes(model)))
    return geminiImage(exchange, state, fail, model, incoming.body);

  const refusal = generateProblem(incoming.body, model);
  if (refusal) return fail(...refusal);
  const behaviour = await openingMoves(exchange, state, 'google', model, (status, retryAfter) => scriptedError(fail, status, retryAfter));
  if (!behaviour) return;
  const body = incoming.body;
  const contents = body.contents as Array<{ role?: string; parts: unknown }>;
  const promptTokens =
    countWords(partsText(body.systemInstruction?.parts)) + contents.reduce((sum, content) => sum + countWords(partsText(content.parts)), 0);
  const answer = agentReply(readGeminiConversation(body));
  const reply = answer.kind === 'text' ? answer.reply : callReply(answer);
  const responseId = nextId('', 22);
  /** A chunk: the text delta as a text part, or (a call's first delta) the functionCall part with a thoughtSignature beside it. */
  const chunk = (text: string, index: number, completionTokens: number, finish: boolean) => ({
    candidates: [
      {
        content: { parts: [partFor(answer, text, index)], role: 'model' },
        ...(finish ? { finishReason: finishReason(reply) } : {}),
        index: 0,
      },
    ],
    ...(behaviour.noUsage
      ? {}
      : {
          usageMetadata: {
            promptTokenCount: promptTokens,
            candidatesTokenCount: completionTokens,
            totalTokenCount: promptTokens + completionTokens,
            promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
          },
        }),
    modelVersion: model,
    responseId,
  });
  if (method === 'generateContent') return answerJson(exchange, behaviour, chunk(reply.text, 0, reply.completionTokens, true));
  const sse = incoming.url.searchParams.get('alt') === 'sse';
  const tokensAt = (index: number) => (answer.kind === 'tool' ? reply.completionTokens : index + 1);
  return playStream(
    exchange,
    state,
    behaviour,
    reply,
    framing(sse, (text, index, isLast) => chunk(text, index, tokensAt(index), isLast)),
  );
}

/** A call is streamed whole in one chunk, then an empty text part carries finishReason (fixture google-tool-call.chunks.txt). */
function callReply(answer: Extract<AgentReply, { kind: 'tool' }>): Reply {
  return {
    deltas: [answer.argumentsText, ''],
    text: answer.argumentsText,
    finish: 'stop',
    completionTokens: Math.max(1, countWords(answer.argumentsText.replace(/[{}":,]/g, ' '))),
  };
}

function partFor(answer: AgentReply, text: string, index: number): Record<string, unknown> {
  if (answer.kind === 'text' || index > 0) return { text: answer.kind === 'text' ? text : '' };
  return { functionCall: { name: answer.name, args: answer.arguments }, thoughtSignature: 'ZW11bGF0b3ItdGhvdWdodC1zaWduYXR1cmU=' };
}

const finishReason = (reply: Reply) => (reply.finish === 'length' ? 'MAX_TOKENS' : 'STOP');

const INTERNAL_ERROR = {
  error: {
    code: 500,
    message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
    status: 'INTERNAL',
  },
};

function framing(sse: boolean, chunk: (text: string, index: number, isLast: boolean) => unknown): StreamFraming {
  if (sse) {
    return {
      contentType: 'text/event-stream',
      opening: () => '',
      delta: (text, index, isLast) => `data: ${JSON.stringify(chunk(text, index, isLast))}\r\n\r\n`,
      midStreamError: () => `data: ${JSON.stringify(INTERNAL_ERROR)}\r\n\r\n`,
      closing: () => '',
    };
  }
  return {
    contentType: 'application/json; charset=UTF-8',
    opening: () => '[',
    delta: (text, index, isLast) => (index > 0 ? '\r\n,' : '') + JSON.stringify(chunk(text, index, isLast)),
    midStreamError: () => `\r\n,${JSON.stringify(INTERNAL_ERROR)}]`,
    closing: () => ']',
  };
}

async function embed(exchange: Exchange, state: EmulatorState, fail: Fail, model: string, method: string, body: any): Promise<void> {
  const requests: any[] = method === 'embedContent' ? [body] : Array.isArray(body.requests) ? body.requests : [];
  if (requests.length === 0) return fail(400, '* BatchEmbedContentsRequest.requests: at least one request is required\n');
  const texts = requests.map((request) => partsText(request?.content?.parts));
  if (texts.some((text) => text === '')) return fail(400, '* EmbedContentRequest.content: content is not specified\n');
  if (isUnknownModel(model)) return fail(404, `models/${model} is not found for API version v1beta, or is not supported for embedContent.`);
  const behaviour = await openingMoves(exchange, state, 'google', model, (status, retryAfter) => scriptedError(fail, status, retryAfter));
  if (!behaviour) return;
  const vectors = texts.map((text, index) => ({ values: embeddingFor(text, requests[index].outputDimensionality) }));
  return answerJson(exchange, behaviour, method === 'embedContent' ? { embedding: vectors[0] } : { embeddings: vectors });
}
