import { countWords, embeddingFor, isUnknownModel } from './answer';
import { decideIntent, replyWith } from './chat-intent';
import type { Exchange } from './exchange';
import { answerJson, openingMoves, playStream, type EmulatorState, type Incoming } from './flow';
import { ollamaConversation, ollamaMessageProblem } from './ollama-conversation';

/**
 * Ollama's native API: `POST /api/chat` (NDJSON stream unless `stream: false`), `POST
 * /api/embed`, `GET /api/tags`. No authentication; errors are `{"error": "…"}`.
 */

const ROLES = ['system', 'user', 'assistant', 'tool'];
const TAGS = ['llama3.2:latest', 'nomic-embed-text:latest'];

/** Ollama reports durations in nanoseconds; the emulator's are small and fixed. */
const TIMINGS = { total_duration: 12_000_000, load_duration: 1_000_000, prompt_eval_duration: 2_000_000, eval_duration: 8_000_000 };

const notFound = (model: string) => `model "${model}" not found, try pulling it first`;

export async function handleOllama(exchange: Exchange, incoming: Incoming, state: EmulatorState): Promise<void> {
  const { entry } = exchange;
  const fail = (status: number, message: string) => exchange.json(status, { error: message });
  entry.authorized = true;
  if (incoming.method === 'GET' && incoming.path === '/api/tags') {
    const models = TAGS.map((name) => ({
      name,
      model: name,
      modified_at: '2025-01-01T00:00:00Z',
      size: 2019393189,
      digest: 'a80c4f17acd5',
      details: { format: 'gguf' },
    }));
    return exchange.json(200, { models });
  }
  const route = `${incoming.method} ${incoming.path}`;
  if (route !== 'POST /api/chat' && route !== 'POST /api/embed') return exchange.json(404, { error: '404 page not found' });
  if (incoming.bodyInvalid || !incoming.body || typeof incoming.body !== 'object') return fail(400, 'invalid character in JSON body');
  const body = incoming.body;
  if (typeof body.model !== 'string' || !body.model) return fail(400, 'model is required');
  entry.model = body.model;
  entry.stream = route === 'POST /api/chat' && body.stream !== false;
  if (route === 'POST /api/embed') return embed(exchange, state, body, fail);

  if (!Array.isArray(body.messages)) return fail(400, 'messages is required');
  for (const message of body.messages) {
    if (!ROLES.includes(message?.role)) return fail(400, `invalid role: ${message?.role}`);
    if (typeof message.content !== 'string')
      return fail(400, 'json: cannot unmarshal number into Go struct field Message.messages.content of type string');
    const problem = ollamaMessageProblem(message);
    if (problem) return fail(400, problem);
  }
  if (isUnknownModel(body.model)) return fail(404, notFound(body.model));
  const behaviour = await openingMoves(exchange, state, 'ollama', body.model, (status) =>
    fail(status, status >= 500 ? 'an error was encountered while running the model: unexpected EOF' : `scripted error ${status}`),
  );
  if (!behaviour) return;
  const messages = body.messages as Array<{ role: string; content: string }>;
  const promptTokens = messages.reduce((sum, message) => sum + countWords(message.content), 0);
  const numPredict = body.options?.num_predict;
  const intent = decideIntent(ollamaConversation(body));
  const reply = replyWith(
    intent.kind === 'tool' ? intent.arguments : intent.text,
    Number.isInteger(numPredict) && numPredict > 0 && intent.kind === 'text' ? numPredict : undefined,
  );
  // A tool call comes whole (arguments as an object, no id) on one done:false line; done_reason stays "stop".
  const toolCalls = intent.kind === 'tool' ? [{ function: { name: intent.name, arguments: JSON.parse(intent.arguments) } }] : undefined;
  const createdAt = new Date().toISOString();
  const done = (content: string, calls: typeof toolCalls | null = toolCalls) => ({
    model: body.model,
    created_at: createdAt,
    message: { role: 'assistant', content, ...(calls ? { tool_calls: calls } : {}) },
    done_reason: reply.finish,
    done: true,
    ...(behaviour.noUsage ? {} : { ...TIMINGS, prompt_eval_count: promptTokens, eval_count: reply.completionTokens }),
  });
  if (body.stream === false) return answerJson(exchange, behaviour, done(toolCalls ? '' : reply.text));
  const line = (value: unknown) => `${JSON.stringify(value)}\n`;
  return playStream(exchange, state, behaviour, reply, {
    contentType: 'application/x-ndjson',
    opening: () => '',
    delta: (text, _index, isLast) =>
      toolCalls
        ? isLast
          ? line({
              model: body.model,
              created_at: createdAt,
              message: { role: 'assistant', content: '', tool_calls: toolCalls },
              done: false,
            })
          : ''
        : line({ model: body.model, created_at: createdAt, message: { role: 'assistant', content: text }, done: false }),
    midStreamError: () => line({ error: 'an error was encountered while running the model: unexpected EOF' }),
    closing: () => line(done('', null)),
  });
}

async function embed(exchange: Exchange, state: EmulatorState, body: any, fail: (status: number, message: string) => void): Promise<void> {
  const inputs: unknown[] = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input : [];
  if (inputs.length === 0 || inputs.some((input) => typeof input !== 'string')) return fail(400, 'invalid input type');
  if (isUnknownModel(body.model)) return fail(404, notFound(body.model));
  const behaviour = await openingMoves(exchange, state, 'ollama', body.model, (status) => fail(status, `scripted error ${status}`));
  if (!behaviour) return;
  const texts = inputs as string[];
  const usage = behaviour.noUsage ? {} : { prompt_eval_count: texts.reduce((sum, text) => sum + countWords(text), 0) };
  return answerJson(exchange, behaviour, {
    model: body.model,
    embeddings: texts.map((text) => embeddingFor(text, body.dimensions)),
    total_duration: 14_000_000,
    load_duration: 1_000_000,
    ...usage,
  });
}
