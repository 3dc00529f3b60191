import { contentText, countWords, type Reply } from './answer';
import { anthropicProblem } from './anthropic-checks';
import { countTokensAnswer } from './anthropic-count-tokens';
import { readAnthropicConversation } from './anthropic-conversation';
import { agentReply, type AgentReply } from './echo-agent';
import type { Exchange } from './exchange';
import { answerJson, header, nextId, openingMoves, playStream, type EmulatorState, type Incoming, type StreamFraming } from './flow';

/**
 * Anthropic's Messages API: `POST /v1/messages` with `x-api-key` and `anthropic-version`;
 * blocking body and the named SSE events (fixtures anthropic-text.*).
 */

/** Anthropic answers an alias with the dated model it resolved to. */
const SNAPSHOTS: Record<string, string> = {
  'claude-3-5-haiku-latest': 'claude-3-5-haiku-20241022',
  'claude-3-5-sonnet-latest': 'claude-3-5-sonnet-20241022',
  'claude-3-7-sonnet-latest': 'claude-3-7-sonnet-20250219',
};
const MODELS = ['claude-3-5-haiku-20241022', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-20250219', 'claude-sonnet-4-20250514'];

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};
const SCRIPTED_MESSAGES: Record<string, string> = {
  rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit.',
  api_error: 'Internal server error',
  overloaded_error: 'Overloaded',
};

type Fail = (status: number, message: string, headers?: Record<string, string>) => void;

function failer(exchange: Exchange): Fail {
  return (status, message, headers = {}) => {
    const type = ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
    const requestId = nextId('req_');
    exchange.json(status, { type: 'error', error: { type, message }, request_id: requestId }, { 'request-id': requestId, ...headers });
  };
}

export async function handleAnthropic(exchange: Exchange, incoming: Incoming, state: EmulatorState): Promise<void> {
  const fail = failer(exchange);
  const { entry } = exchange;
  const key = header(incoming.headers, 'x-api-key');
  entry.authorized = key === state.keys.anthropic;
  const isMessages = incoming.method === 'POST' && incoming.path === '/v1/messages';
  const isModels = incoming.method === 'GET' && incoming.path === '/v1/models';
  const isCount = incoming.method === 'POST' && incoming.path === '/v1/messages/count_tokens';
  if (!isMessages && !isModels && !isCount) return fail(404, 'Not Found');
  if (!key) return fail(401, 'x-api-key header is required');
  if (!entry.authorized) return fail(401, 'invalid x-api-key');
  if (!header(incoming.headers, 'anthropic-version')) return fail(400, 'anthropic-version: header is required');
  if (isModels) {
    const data = MODELS.map((id) => ({ type: 'model', id, display_name: id, created_at: '2024-10-22T00:00:00Z' }));
    return exchange.json(200, { data, has_more: false, first_id: data[0]!.id, last_id: data[data.length - 1]!.id });
  }
  if (incoming.bodyInvalid || !incoming.body || typeof incoming.body !== 'object')
    return fail(400, 'There was an error parsing the body of your request.');
  const body = incoming.body;
  if (isCount) {
    const counted = countTokensAnswer(body);
    return Array.isArray(counted) ? fail(...counted) : exchange.json(counted.status, counted.body, { 'request-id': nextId('req_') });
  }
  entry.model = typeof body.model === 'string' ? body.model : null;
  entry.stream = body.stream === true;
  const refusal = anthropicProblem(body);
  if (refusal) return fail(...refusal);

  const behaviour = await openingMoves(exchange, state, 'anthropic', body.model, (status, retryAfter) => {
    const type = ERROR_TYPES[status] ?? 'api_error';
    fail(status, SCRIPTED_MESSAGES[type] ?? `Scripted error ${status}.`, retryAfter ? { 'retry-after': retryAfter } : {});
  });
  if (!behaviour) return;
  const systemText = typeof body.system === 'string' ? body.system : contentText(body.system);
  const messages = body.messages as Array<{ role: string; content: unknown }>;
  const inputTokens = countWords(systemText) + messages.reduce((sum, message) => sum + countWords(contentText(message.content)), 0);
  const answer = agentReply(readAnthropicConversation(body));
  const reply = answer.kind === 'text' ? answer.reply : toolReply(answer.argumentsText);
  const block: Block = answer.kind === 'text' ? { type: 'text' } : { type: 'tool_use', id: nextId('toolu_'), name: answer.name };
  const id = nextId('msg_');
  const model = SNAPSHOTS[body.model] ?? body.model;
  const requestId = { 'request-id': nextId('req_') };
  const stop = stopReason(reply, answer);
  if (body.stream === true) {
    return playStream(
      exchange,
      state,
      behaviour,
      reply,
      framing({ id, model, reply, block, stop, inputTokens, noUsage: !!behaviour.noUsage }, requestId),
    );
  }
  const usage = behaviour.noUsage
    ? {}
    : {
        usage: {
          input_tokens: inputTokens,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          output_tokens: reply.completionTokens,
          service_tier: 'standard',
        },
      };
  const content = answer.kind === 'text' ? [{ type: 'text', text: reply.text }] : [{ ...block, input: answer.arguments }];
  return answerJson(
    exchange,
    behaviour,
    { model, id, type: 'message', role: 'assistant', content, stop_reason: stop, stop_sequence: null, ...usage },
    requestId,
  );
}

type Block = { type: 'text' } | { type: 'tool_use'; id: string; name: string };

/** A call's input streamed as Anthropic does: a first empty partial_json, then the JSON in pieces that ignore its structure. */
function toolReply(json: string): Reply {
  const middle = Math.ceil(json.length / 2);
  const deltas = ['', json.slice(0, middle), json.slice(middle)].filter((piece, index) => index === 0 || piece !== '');
  return { deltas, text: json, finish: 'stop', completionTokens: Math.max(1, countWords(json.replace(/[{}":,]/g, ' '))) };
}

const stopReason = (reply: Reply, answer: AgentReply) =>
  answer.kind === 'tool' ? 'tool_use' : reply.finish === 'length' ? 'max_tokens' : 'end_turn';

const event = (name: string, payload: Record<string, unknown>) => `event: ${name}\ndata: ${JSON.stringify({ type: name, ...payload })}\n\n`;

interface Setup {
  id: string;
  model: string;
  reply: Reply;
  block: Block;
  stop: string;
  inputTokens: number;
  noUsage: boolean;
}

/** message_start, content_block_start, ping, content_block_delta…, content_block_stop, message_delta, message_stop. */
function framing(setup: Setup, headers: Record<string, string>): StreamFraming {
  const { id, model, reply, block, stop, inputTokens, noUsage } = setup;
  const start = block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} };
  const delta = (text: string) => (block.type === 'text' ? { type: 'text_delta', text } : { type: 'input_json_delta', partial_json: text });
  const startUsage = {
    input_tokens: inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: 1,
    service_tier: 'standard',
  };
  const finalUsage = {
    input_tokens: inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: reply.completionTokens,
  };
  return {
    contentType: 'text/event-stream; charset=utf-8',
    headers,
    opening: () =>
      event('message_start', {
        message: {
          model,
          id,
          type: 'message',
          role: 'assistant',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          ...(noUsage ? {} : { usage: startUsage }),
        },
      }) +
      event('content_block_start', { index: 0, content_block: start }) +
      event('ping', {}),
    delta: (text, index) => (index === 2 ? event('ping', {}) : '') + event('content_block_delta', { index: 0, delta: delta(text) }),
    midStreamError: () =>
      `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })}\n\n`,
    closing: () =>
      event('content_block_stop', { index: 0 }) +
      event('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, ...(noUsage ? {} : { usage: finalUsage }) }) +
      event('message_stop', {}),
  };
}
