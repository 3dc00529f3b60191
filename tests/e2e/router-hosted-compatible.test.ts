import { randomUUID } from 'node:crypto';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { emulator, type ProviderName } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { bearer, call } from '../support/lanes';
import { ROUTER } from '../support/router-client';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { DEEPSEEK } from '../../worker/src/providers/deepseek/descriptor';
import { GROQ } from '../../worker/src/providers/groq/descriptor';
import { XAI } from '../../worker/src/providers/xai/descriptor';
import type { ProviderDescriptor } from '../../worker/src/providers/types';
import { eventually } from '../support/eventually';

/** The completed usage row of one request (waits for the batched write). */
async function usageRow(requestId: string): Promise<RowDataPacket> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const read = async () =>
      (await connection.query<RowDataPacket[]>(`SELECT * FROM ${env.SVC_DB_PREFIX}svc_usage WHERE request_id = ?`, [requestId]))[0];
    return (await eventually(read, (rows) => rows[0] !== undefined && rows[0].status !== 'open'))[0]!;
  } finally {
    await connection.end();
  }
}

/** What the provider bills for these figures at its descriptor's list prices (USD, 8 places). */
function billed(
  descriptor: ProviderDescriptor,
  model: string,
  usage: { promptTokens: number; completionTokens: number; cachedTokens: number },
): string {
  const { price } = descriptor.models.find((candidate) => candidate.name === model)!;
  const perMillion =
    (usage.promptTokens - usage.cachedTokens) * price.input +
    usage.cachedTokens * (price.cacheRead ?? price.input) +
    usage.completionTokens * price.output;
  return (perMillion / 1e6).toFixed(8);
}

/**
 * DeepSeek, Groq and xAI: each one folder and one line in providers/registry.ts. Through the
 * router a blocking and a streamed call answer and write one usage row priced at the
 * descriptor's list prices, with the usage each reports its own way (the emulator's
 * hosted-compatible.ts): DeepSeek's cache hits, Groq's streamed `x_groq.usage`, xAI's reasoning
 * tokens beside `completion_tokens` (billed as output).
 */
const HOSTED: Array<
  [
    provider: ProviderName,
    model: string,
    descriptor: ProviderDescriptor,
    usage: { promptTokens: number; completionTokens: number; cachedTokens: number; reasoningTokens: number },
  ]
> = [
  ['deepseek', 'deepseek-chat', DEEPSEEK, { promptTokens: 1000, completionTokens: 300, cachedTokens: 400, reasoningTokens: 0 }],
  ['groq', 'llama-3.1-8b-instant', GROQ, { promptTokens: 1000, completionTokens: 300, cachedTokens: 0, reasoningTokens: 0 }],
  ['xai', 'grok-3-mini', XAI, { promptTokens: 1000, completionTokens: 300, cachedTokens: 400, reasoningTokens: 100 }],
];

describe.each(HOSTED)('%s through the router', (provider, model, descriptor, usage) => {
  const key = createKey(['llm.chat']);
  const id = `${provider}/${model}`;
  const send = (lane: 'wordpress' | 'direct', requestId: string, stream: boolean) =>
    call(lane, `${ROUTER}/chat/completions`, {
      method: 'POST',
      headers: { ...bearer(key.key), 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      body: JSON.stringify({ model: id, stream, messages: [{ role: 'user', content: 'hello hosted provider' }] }),
    });
  const expectedRow = () => ({
    status: 'ok',
    provider,
    model: id,
    usage_estimated: 0,
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    cached_tokens: usage.cachedTokens,
    reasoning_tokens: usage.reasoningTokens,
    cost: billed(descriptor, model, usage),
  });

  beforeEach(() => emulator().reset());

  it('answers a blocking call and writes one usage row at the descriptor’s prices', async () => {
    await emulator().script(provider, model, [usage]);
    const requestId = randomUUID();
    const answer = await send('wordpress', requestId, false);
    expect(answer.status).toBe(200);
    expect(answer.body.choices[0].message.content).toBe('Echo: hello hosted provider');
    const [upstream] = await emulator().requests({ provider });
    expect(upstream).toMatchObject({ provider, model, stream: false, authorized: true });
    expect(await usageRow(requestId)).toMatchObject(expectedRow());
  });

  it('streams the answer and writes one usage row at the descriptor’s prices', async () => {
    await emulator().script(provider, model, [usage]);
    const requestId = randomUUID();
    const answer = await send('direct', requestId, true);
    expect(answer.status).toBe(200);
    const text = answer.text
      .split('\n\n')
      .filter((event) => event.startsWith('data: {'))
      .map((event) => JSON.parse(event.slice(6)).choices?.[0]?.delta?.content ?? '')
      .join('');
    expect(text).toBe('Echo: hello hosted provider');
    expect(await usageRow(requestId)).toMatchObject(expectedRow());
  });

  it('is listed by GET /models with its shipped prices while configured, and not while switched off', async () => {
    const listed = async () => {
      const answer = await call('direct', `${ROUTER}/models`, { headers: bearer(key.key) });
      expect(answer.status).toBe(200);
      return answer.body.data.filter((entry: { owned_by: string }) => entry.owned_by === provider);
    };
    const models = await listed();
    expect(models.map((entry: { id: string }) => entry.id).sort()).toEqual(
      descriptor.models.map((entry) => `${provider}/${entry.name}`).sort(),
    );
    const { price } = descriptor.models.find((entry) => entry.name === model)!;
    expect(models.find((entry: { id: string }) => entry.id === id).pricing).toMatchObject({
      input_per_mtok: price.input,
      output_per_mtok: price.output,
    });

    const path = `/wp-json/svc-hub/v1/admin/providers/${provider}`;
    const toggle = (enabled: boolean) => {
      const body = JSON.stringify({ enabled });
      return call('direct', path, {
        method: 'PUT',
        body,
        headers: { 'Content-Type': 'application/json', ...shellHeaders({ method: 'PUT', path, body }) },
      });
    };
    try {
      const off = await toggle(false);
      expect(off.body).toMatchObject({
        name: provider,
        enabled: false,
        configured: false,
        open_models: false,
        needs_key: true,
        environment: descriptor.environment.apiKey ? { api_key: descriptor.environment.apiKey } : {},
      });
      expect(await listed()).toEqual([]);
    } finally {
      expect((await toggle(true)).body).toMatchObject({ configured: true });
    }
  });
});
