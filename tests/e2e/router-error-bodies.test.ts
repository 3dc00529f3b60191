import { createOpenAI } from '@ai-sdk/openai';
import { ChatOpenAI } from '@langchain/openai';
import { generateText } from 'ai';
import OpenAI from 'openai';
import OpenAIv6 from 'openai-v6';
import { createKey, hub } from '../support/hub-cli';
import { baseUrl, bearer, call, json, LANES, type Lane } from '../support/lanes';
import { ROUTER } from '../support/router-client';
import { startWorker, stopWorker } from '../support/worker-process';
import { WAIT_MS } from '../support/eventually';

/**
 * Every client shows the hub's error message and code (issue 30 cause 1, docs/api-notes.md
 * "Error bodies and retries"): the OpenAI SDK 7 and 6, the AI SDK 7 (chat and its default
 * Responses model) and LangChain, on both lanes, for a bad key, an unknown model, a bad field
 * (named in `error.param`) and a spent budget, which the OpenAI SDKs do not retry
 * (`x-should-retry: false`). Then the shell's own 503 while the worker is down.
 */

const MODEL = 'openai/gpt-4o-mini';
const UNKNOWN = 'mock/no-such-model';
const PROMPT = 'hello there router';

interface Refusal {
  status: number;
  code: string;
  message: string;
}

/** What each client makes of a refusal: the status, the hub's code and the message it shows its user. */
type Client = (options: { key: string; model: string; temperature?: number }) => Promise<unknown>;

function clients(lane: Lane, counted: { requests: number }) {
  const baseURL = `${baseUrl(lane)}${ROUTER}`;
  const counting: typeof fetch = (input, init) => {
    counted.requests += 1;
    return fetch(input, init);
  };
  const openai7: Client = ({ key, model, temperature }) =>
    new OpenAI({ apiKey: key, baseURL, fetch: counting, maxRetries: 2, timeout: 20_000 }).chat.completions.create({
      model,
      temperature,
      messages: [{ role: 'user', content: PROMPT }],
    });
  const openai6: Client = ({ key, model, temperature }) =>
    new OpenAIv6({ apiKey: key, baseURL, fetch: counting, maxRetries: 2, timeout: 20_000 }).chat.completions.create({
      model,
      temperature,
      messages: [{ role: 'user', content: PROMPT }],
    });
  const aiSdkChat: Client = ({ key, model, temperature }) =>
    generateText({ model: createOpenAI({ baseURL, apiKey: key }).chat(model), prompt: PROMPT, temperature, maxRetries: 0 });
  const aiSdkResponses: Client = ({ key, model, temperature }) =>
    generateText({ model: createOpenAI({ baseURL, apiKey: key })(model), prompt: PROMPT, temperature, maxRetries: 0 });
  const langChain: Client = ({ key, model, temperature }) =>
    new ChatOpenAI({ model, apiKey: key, temperature, maxRetries: 0, configuration: { baseURL } }).invoke(PROMPT);
  return { 'openai 7': openai7, 'openai 6': openai6, 'AI SDK chat': aiSdkChat, 'AI SDK responses': aiSdkResponses, LangChain: langChain };
}

/** The refusal as the client reports it (each names the status and code in its own fields). */
async function refusalOf(attempt: Promise<unknown>): Promise<Refusal & { param?: unknown; type?: unknown }> {
  const error = (await attempt.then(
    () => new Error('the call succeeded'),
    (caught: unknown) => caught,
  )) as Record<string, any>;
  const body = error.responseBody ? JSON.parse(error.responseBody) : error.error;
  return {
    status: error.status ?? error.statusCode,
    code: error.code ?? body?.code ?? body?.error?.code,
    message: String(error.message),
    param: error.param ?? body?.error?.param,
    type: error.type ?? body?.error?.type,
  };
}

describe.each(LANES)('error bodies via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const broke = createKey(['llm.chat']);
  const counted = { requests: 0 };
  const each = Object.entries(clients(lane, counted));

  beforeAll(async () => {
    hub('budget', 'set', '--key', broke.id, '--amount', '0.00000001', '--period', 'total');
    // Workers read the budget list every 2 s (router/budgets/budget-guard.ts): wait until it refuses.
    const deadline = Date.now() + WAIT_MS;
    const body = { model: MODEL, messages: [{ role: 'user', content: PROMPT }] };
    while (
      (await call(lane, `${ROUTER}/chat/completions`, { ...json(body), headers: { ...json(body).headers, ...bearer(broke.key) } }))
        .status !== 429
    ) {
      if (Date.now() > deadline) throw new Error('the budget never refused');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  it.each(each)('%s shows a bad key 401 with the hub message and code', async (_name, client) => {
    const refusal = await refusalOf(client({ key: 'sk-not-a-hub-key', model: MODEL }));
    expect(refusal).toMatchObject({ status: 401, code: 'svc_invalid_key', type: 'authentication_error' });
    expect(refusal.message).toContain('The API key is not valid.');
  });

  it.each(each)('%s shows an unknown model 404 svc_model_not_found', async (_name, client) => {
    const refusal = await refusalOf(client({ key: key.key, model: UNKNOWN }));
    expect(refusal).toMatchObject({ status: 404, code: 'svc_model_not_found', param: 'model' });
    expect(refusal.message).toContain(`No model "${UNKNOWN}" is known.`);
  });

  it.each(each)('%s shows a bad field 400 naming it in error.param', async (_name, client) => {
    const refusal = await refusalOf(client({ key: key.key, model: MODEL, temperature: 7 }));
    expect(refusal).toMatchObject({ status: 400, code: 'svc_invalid_request', param: 'temperature', type: 'invalid_request_error' });
    expect(refusal.message).toContain('temperature');
  });

  it.each(each)('%s shows a spent budget 429 as insufficient_quota', async (_name, client) => {
    const refusal = await refusalOf(client({ key: broke.key, model: MODEL }));
    expect(refusal).toMatchObject({ status: 429, code: 'svc_budget_exceeded', type: 'insufficient_quota' });
    expect(refusal.message).toContain('budget');
  });

  it.each(['openai 7', 'openai 6'])('%s does not retry a spent budget (x-should-retry: false), though it may retry twice', async (name) => {
    const client = Object.fromEntries(each)[name]!;
    counted.requests = 0;
    expect((await refusalOf(client({ key: broke.key, model: MODEL }))).status).toBe(429);
    expect(counted.requests).toBe(1);
  });
});

describe('the shell answers in the dialect while the worker is down', () => {
  const key = createKey(['llm.chat']);

  beforeAll(stopWorker);
  afterAll(startWorker);

  it('the OpenAI SDK shows the shell 503 message and code', async () => {
    const client = new OpenAI({ apiKey: key.key, baseURL: `${baseUrl('wordpress')}${ROUTER}`, maxRetries: 0 });
    const refusal = await refusalOf(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: PROMPT }] }));
    expect(refusal).toMatchObject({ status: 503, code: 'svc_worker_unavailable', type: 'server_error' });
    expect(refusal.message).toContain('The svc-hub worker is not reachable');
  });

  it('the Messages route answers Anthropic error shape', async () => {
    const answer = await call('wordpress', `${ROUTER}/messages`, { ...json({}), headers: { ...json({}).headers, ...bearer(key.key) } });
    expect(answer.body).toMatchObject({
      code: 'svc_worker_unavailable',
      type: 'error',
      error: { type: 'overloaded_error', message: expect.stringContaining('not reachable') },
      request_id: answer.headers.get('x-request-id'),
    });
  });
});
