import { contentText, countWords, embeddingFor, embeddingToBase64, isUnknownModel } from './answer';
import { argumentFragments, decideIntent, replyWith } from './chat-intent';
import type { Exchange } from './exchange';
import { answerJson, bearerToken, nextId, openingMoves, playStream, unixSeconds, type EmulatorState, type Incoming } from './flow';
import { conversationFrom, toolProblem } from './openai-conversation';
import { openAiStreamFraming, usageBody, type OpenAiFlavour } from './openai-stream';
import { choiceLogprobs, logprobsAsked } from './openai-logprobs';
import { scriptedUsage } from './scripted-usage';
import { openAiToolCallFraming } from './openai-tool-stream';
import { HOSTED_MODELS, hostedAnswerExtras } from './hosted-compatible';
import { IMAGE_ROUTES, openAiImages, openRouterImage } from './openai-images';
import { openRouterModelList } from './openrouter-models';

/**
 * OpenAI's wire format (`POST chat/completions`, `POST embeddings`, `GET models`), as OpenAI
 * itself, Mistral, OpenRouter and a generic compatible server speak it.
 */

const MODELS: Record<OpenAiFlavour, Array<{ id: string; owned_by: string }>> = {
  openai: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'text-embedding-3-small', 'text-embedding-3-large'].map((id) => ({
    id,
    owned_by: 'system',
  })),
  mistral: ['mistral-small-latest', 'mistral-large-latest', 'mistral-embed'].map((id) => ({ id, owned_by: 'mistralai' })),
  openrouter: ['openai/gpt-4o-mini', 'openai/gpt-4o', 'anthropic/claude-3.5-haiku', 'openai/text-embedding-3-small'].map((id) => ({
    id,
    owned_by: id.split('/')[0]!,
  })),
  compat: ['any-model'].map((id) => ({ id, owned_by: 'compat' })),
  deepseek: HOSTED_MODELS.deepseek.map((id) => ({ id, owned_by: 'deepseek' })),
  groq: HOSTED_MODELS.groq.map((id) => ({ id, owned_by: 'groq' })),
  xai: HOSTED_MODELS.xai.map((id) => ({ id, owned_by: 'xai' })),
};

/** OpenAI answers an alias with the snapshot it resolved to. */
const OPENAI_SNAPSHOTS: Record<string, string> = { 'gpt-4o-mini': 'gpt-4o-mini-2024-07-18', 'gpt-4o': 'gpt-4o-2024-08-06' };
const reportedModel = (flavour: OpenAiFlavour, model: string) => (flavour === 'openai' ? (OPENAI_SNAPSHOTS[model] ?? model) : model);

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'];

type Fail = (status: number, message: string, param?: string | null, code?: string | null, headers?: Record<string, string>) => void;

/** The flavour's error body: OpenAI's `{error:{message,type,param,code}}`; OpenRouter's `{error:{code,message}}`. */
function failer(exchange: Exchange, flavour: OpenAiFlavour): Fail {
  return (status, message, param = null, code = null, headers = {}) => {
    const type = status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error';
    const body = flavour === 'openrouter' ? { error: { code: status, message } } : { error: { message, type, param, code } };
    exchange.json(status, body, headers);
  };
}

function scriptedError(fail: Fail, status: number, retryAfter?: string): void {
  const headers: Record<string, string> = retryAfter ? { 'Retry-After': retryAfter } : {};
  if (status === 429) return fail(429, 'Rate limit reached for requests. Please try again in 1s.', null, 'rate_limit_exceeded', headers);
  if (status === 401) return fail(401, 'Incorrect API key provided.', null, 'invalid_api_key', headers);
  if (status >= 500) return fail(status, 'The server had an error while processing your request. Sorry about that!', null, null, headers);
  fail(status, `Scripted error ${status}.`, null, null, headers);
}

export async function handleOpenAi(exchange: Exchange, incoming: Incoming, state: EmulatorState, flavour: OpenAiFlavour): Promise<void> {
  const fail = failer(exchange, flavour);
  const { entry } = exchange;
  const token = bearerToken(incoming.headers);
  entry.authorized = token !== null && token === state.keys[flavour];
  const route = `${incoming.method} ${incoming.path}`;
  const known =
    ['POST /chat/completions', 'POST /embeddings', 'GET /models'].includes(route) ||
    /^GET \/models\/.+/.test(route) ||
    (flavour === 'openai' && IMAGE_ROUTES.includes(route));
  if (!known) return fail(404, `Invalid URL (${incoming.method} ${incoming.url.pathname})`);
  // OpenRouter's model list is public: no key needed (docs/external/llm-providers.md).
  if (flavour === 'openrouter' && route === 'GET /models') return exchange.json(200, openRouterModelList());
  if (!token)
    return fail(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      null,
      'invalid_api_key',
    );
  if (!entry.authorized)
    return fail(
      401,
      'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
      null,
      'invalid_api_key',
    );
  if (incoming.method === 'GET') return listModels(exchange, incoming, flavour, fail);
  if (IMAGE_ROUTES.includes(route)) return openAiImages(exchange, incoming, state, fail);
  if (incoming.bodyInvalid || !incoming.body || typeof incoming.body !== 'object') {
    return fail(
      400,
      "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)",
    );
  }
  const body = incoming.body;
  if (typeof body.model !== 'string' || !body.model) return fail(400, 'you must provide a model parameter');
  entry.model = body.model;
  entry.stream = incoming.path === '/chat/completions' && body.stream === true;
  if (incoming.path === '/embeddings') return embeddings(exchange, state, flavour, body, fail);
  if (flavour === 'openrouter' && Array.isArray(body.modalities) && body.modalities.includes('image'))
    return openRouterImage(exchange, state, fail, body);
  return chat(exchange, state, flavour, body, fail);
}

type Problem = [status: number, message: string, param: string | null, code: string | null];

/** The first thing OpenAI would refuse in this chat request, or null. */
function chatProblem(body: any, flavour: OpenAiFlavour): Problem | null {
  const messages = body.messages;
  if (messages === undefined) return [400, "Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter'];
  if (!Array.isArray(messages))
    return [400, "Invalid type for 'messages': expected an array, but got something else instead.", 'messages', 'invalid_type'];
  if (messages.length === 0) {
    return [
      400,
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'messages',
      'empty_array',
    ];
  }
  for (const [index, message] of messages.entries()) {
    if (!message || typeof message !== 'object' || !ROLES.includes(message.role)) {
      const supported = "Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.";
      return [400, `Invalid value: '${message?.role}'. ${supported}`, `messages[${index}].role`, 'invalid_value'];
    }
    const content = message.content;
    if (typeof content !== 'string' && !Array.isArray(content) && !(content === null && message.role === 'assistant')) {
      const expected = 'expected one of a string or array of objects';
      return [
        400,
        `Invalid type for 'messages[${index}].content': ${expected}, but got ${typeof content} instead.`,
        `messages[${index}].content`,
        'invalid_type',
      ];
    }
  }
  for (const name of ['max_tokens', 'max_completion_tokens']) {
    const value = body[name];
    if (value !== undefined && value !== null && (!Number.isInteger(value) || value < 1)) {
      return [
        400,
        `Invalid '${name}': integer below minimum value. Expected a value >= 1, but got ${value} instead.`,
        name,
        'integer_below_min_value',
      ];
    }
  }
  if (flavour === 'openai' && body.stream_options != null && body.stream !== true) {
    return [400, "The 'stream_options' parameter is only allowed when 'stream' is enabled.", 'stream_options', null];
  }
  if (isUnknownModel(body.model))
    return [404, `The model \`${body.model}\` does not exist or you do not have access to it.`, null, 'model_not_found'];
  return toolProblem(body, flavour);
}

async function chat(exchange: Exchange, state: EmulatorState, flavour: OpenAiFlavour, body: any, fail: Fail): Promise<void> {
  const problem = chatProblem(body, flavour);
  if (problem) return fail(...problem);
  const behaviour = await openingMoves(exchange, state, flavour, body.model, (status, retryAfter) =>
    scriptedError(fail, status, retryAfter),
  );
  if (!behaviour) return;
  const messages = body.messages as Array<{ role: string; content: unknown }>;
  const promptTokens = messages.reduce((sum, message) => sum + countWords(contentText(message.content)), 0);
  const intent = decideIntent(conversationFrom(body));
  const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
  const reply =
    intent.kind === 'tool'
      ? { ...replyWith(intent.arguments), deltas: argumentFragments(intent.arguments) }
      : replyWith(intent.text, maxTokens);
  const call = intent.kind === 'tool' ? { id: flavour === 'mistral' ? nextId('', 9).slice(-9) : nextId('call_'), name: intent.name } : null;
  const id = flavour === 'openrouter' ? nextId('gen-') : flavour === 'mistral' ? nextId('', 32) : nextId('chatcmpl-');
  const model = reportedModel(flavour, body.model);
  const created = unixSeconds();
  if (body.stream === true) {
    const includeUsage = body.stream_options?.include_usage === true;
    const setup = {
      flavour,
      id,
      created,
      model,
      reply,
      promptTokens,
      includeUsage,
      noUsage: !!behaviour.noUsage,
      scriptedUsage: scriptedUsage(behaviour),
      logprobs: logprobsAsked(body),
    };
    return playStream(exchange, state, behaviour, reply, call ? openAiToolCallFraming(setup, call) : openAiStreamFraming(setup));
  }
  const usage = behaviour.noUsage
    ? {}
    : { usage: usageBody(flavour, { promptTokens, completionTokens: reply.completionTokens, ...scriptedUsage(behaviour) }) };
  const finish = call ? 'tool_calls' : reply.finish;
  const toolCalls = call
    ? [{ id: call.id, ...(flavour === 'mistral' ? {} : { type: 'function' }), function: { name: call.name, arguments: reply.text } }]
    : undefined;
  const message = call ? { role: 'assistant', content: null, tool_calls: toolCalls } : { role: 'assistant', content: reply.text };
  const top = logprobsAsked(body);
  const logprobs = top === null || call ? null : choiceLogprobs(reply.deltas, 0, top);
  const answers: Record<OpenAiFlavour, unknown> = {
    openai: {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { ...message, refusal: null, annotations: [] }, logprobs, finish_reason: finish }],
      ...usage,
      service_tier: 'default',
      system_fingerprint: 'fp_emulator',
    },
    mistral: {
      id,
      created,
      model,
      ...usage,
      object: 'chat.completion',
      choices: [{ index: 0, finish_reason: finish, message: { tool_calls: null, ...message } }],
    },
    openrouter: {
      id,
      provider: 'OpenAI',
      model,
      object: 'chat.completion',
      created,
      choices: [
        {
          logprobs,
          finish_reason: finish,
          native_finish_reason: finish,
          index: 0,
          message: { ...message, refusal: null, reasoning: null },
        },
      ],
      ...usage,
    },
    compat: {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message, finish_reason: finish, ...(logprobs ? { logprobs } : {}) }],
      ...usage,
    },
    deepseek: {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
      ...usage,
      ...hostedAnswerExtras('deepseek'),
    },
    groq: {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
      ...usage,
      ...hostedAnswerExtras('groq'),
    },
    xai: {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { ...message, refusal: null }, finish_reason: finish }],
      ...usage,
      ...hostedAnswerExtras('xai'),
    },
  };
  return answerJson(exchange, behaviour, answers[flavour], flavour === 'openai' ? { 'x-request-id': `req_${id}` } : {});
}

async function embeddings(exchange: Exchange, state: EmulatorState, flavour: OpenAiFlavour, body: any, fail: Fail): Promise<void> {
  const input = body.input;
  const inputs: unknown[] = typeof input === 'string' ? [input] : Array.isArray(input) ? input : [];
  if (input === undefined) return fail(400, "Missing required parameter: 'input'.", 'input', 'missing_required_parameter');
  if (inputs.length === 0 || inputs.some((item) => typeof item !== 'string' || item === '')) {
    return fail(
      400,
      "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.",
      'input',
      null,
    );
  }
  const format = body.encoding_format ?? 'float';
  if (format !== 'float' && format !== 'base64') {
    return fail(400, `Invalid value: '${format}'. Supported values are: 'float' and 'base64'.`, 'encoding_format', 'invalid_value');
  }
  if (isUnknownModel(body.model))
    return fail(404, `The model \`${body.model}\` does not exist or you do not have access to it.`, null, 'model_not_found');
  // Mistral names the length output_dimension (docs/external/llm-providers.md); OpenAI refuses it on ada-002.
  const dimensions = flavour === 'mistral' ? body.output_dimension : body.dimensions;
  if (dimensions !== undefined && body.model === 'text-embedding-ada-002')
    return fail(400, 'This model does not support specifying dimensions.', null, null);
  if (dimensions !== undefined && (!Number.isInteger(dimensions) || dimensions < 1))
    return fail(
      400,
      `Invalid 'dimensions': integer below minimum value. Expected a value >= 1, but got ${dimensions} instead.`,
      'dimensions',
      'integer_below_min_value',
    );
  const behaviour = await openingMoves(exchange, state, flavour, body.model, (status, retryAfter) =>
    scriptedError(fail, status, retryAfter),
  );
  if (!behaviour) return;
  const texts = inputs as string[];
  const data = texts.map((text, index) => {
    const vector = embeddingFor(text, dimensions);
    return { object: 'embedding', index, embedding: format === 'base64' ? embeddingToBase64(vector) : vector };
  });
  const promptTokens = texts.reduce((sum, text) => sum + countWords(text), 0);
  const usage = behaviour.noUsage ? {} : { usage: { prompt_tokens: promptTokens, total_tokens: promptTokens } };
  const answer = { ...(flavour === 'mistral' ? { id: nextId('', 32) } : {}), object: 'list', data, model: body.model, ...usage };
  return answerJson(exchange, behaviour, answer);
}

function listModels(exchange: Exchange, incoming: Incoming, flavour: OpenAiFlavour, fail: Fail): void {
  const models = MODELS[flavour].map((model) => ({ id: model.id, object: 'model', created: 1715367049, owned_by: model.owned_by }));
  if (incoming.path === '/models') return exchange.json(200, { object: 'list', data: models });
  const id = decodeURIComponent(incoming.path.slice('/models/'.length));
  const model = models.find((candidate) => candidate.id === id);
  if (!model) return fail(404, `The model '${id}' does not exist`, 'model', 'model_not_found');
  exchange.json(200, model);
}
