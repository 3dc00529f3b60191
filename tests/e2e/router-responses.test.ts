import OpenAI from 'openai';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { responsesRetention } from '../../worker/src/router/responses/retention-job';
import { silentLogger } from '../../worker/src/support/logger';
import { createKey } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { baseUrl, call, LANES } from '../support/lanes';
import { emulator } from '../support/emulator';
import { COMPLETION_TOKENS, expectParam, postJson, PROMPT_TOKENS, REPLY, ROUTER, setPurpose } from '../support/router-client';
import { stack } from '../support/stack';
import { eventually, WAIT_MS } from '../support/eventually';

const RESPONSES = `${ROUTER}/responses`;

async function query(sql: string, values: unknown[]): Promise<RowDataPacket[]> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const [rows] = await connection.query<RowDataPacket[]>(sql.replaceAll('{prefix}', env.SVC_DB_PREFIX ?? 'wp_'), values);
    return rows;
  } finally {
    await connection.end();
  }
}

const usageRows = (keyId: string) => query('SELECT * FROM {prefix}svc_usage WHERE key_id = ?', [keyId]);

/** The OpenAI Responses API (docs/architecture.md §9) with the official SDK, on both lanes, against mock/echo. */
describe.each(LANES)('the Responses API via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const other = createKey(['llm.chat']);
  const refused = createKey(['llm.chat']);
  const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 20_000 });
  const openai = client(key.key);

  it('creates a response (blocking): output message, resp_ id, usage in Responses form, one usage row of kind responses', async () => {
    const response = await openai.responses.create({
      model: 'mock/echo',
      input: 'alpha beta gamma',
      instructions: 'Be brief.',
      metadata: { team: 'blue', campaign: 'spring' },
    });
    expect(response.id).toMatch(/^resp_/);
    expect(response).toMatchObject({ object: 'response', status: 'completed', model: 'mock/echo', instructions: 'Be brief.', store: true });
    expect(response.output_text).toBe('alpha beta gamma');
    expect(response.output).toEqual([expect.objectContaining({ type: 'message', role: 'assistant', id: expect.stringMatching(/^msg_/) })]);
    // mock/echo bills ceil(UTF-8 bytes / 4): 'Be brief.' + 'alpha beta gamma' = 25 bytes in, 16 out.
    expect(response.usage).toMatchObject({
      input_tokens: 7,
      output_tokens: 4,
      total_tokens: 11,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    });
    // Usage rows are completed in batches, off the request path.
    const rows: RowDataPacket[] = await eventually(
      () => query('SELECT * FROM {prefix}svc_usage WHERE key_id = ? AND kind = ?', [key.id, 'responses']),
      (read) => read.some((row) => row.status === 'ok'),
      WAIT_MS,
      50,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'ok',
        model: 'mock/echo',
        prompt_tokens: 7,
        completion_tokens: 4,
        team: 'blue',
        campaign: 'spring',
      }),
    ]);
  });

  it('streams a response with the Responses events in order, sequence numbers from 0, ending with response.completed', async () => {
    const stream = await openai.responses.create({ model: 'mock/echo', input: 'one two three', stream: true });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_event, index) => index));
    const types = events.map((event) => event.type);
    expect(types.slice(0, 4)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
    ]);
    expect(types.slice(-4)).toEqual([
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const text = events.flatMap((event) => (event.type === 'response.output_text.delta' ? [event.delta] : [])).join('');
    expect(text).toBe('one two three');
    const completed = events[events.length - 1] as OpenAI.Responses.ResponseCompletedEvent;
    expect(completed.response.usage).toMatchObject({ input_tokens: 4, output_tokens: 4 }); // 13 bytes each way
    expect((await openai.responses.retrieve(completed.response.id)).output_text).toBe('one two three');
  });

  it('continues a conversation with previous_response_id (the stored input and output become the history)', async () => {
    const first = await openai.responses.create({ model: 'mock/echo', input: 'alpha beta' });
    const second = await openai.responses.create({ model: 'mock/echo', input: 'gamma', previous_response_id: first.id });
    expect(second.previous_response_id).toBe(first.id);
    expect(second.output_text).toBe('gamma');
    // mock/echo bills every byte it was sent, 4 a token: "alpha beta" + its answer "alpha beta" + "gamma" = 25 bytes.
    expect(second.usage!.input_tokens).toBe(7);
    const third = await openai.responses.create({ model: 'mock/echo', input: 'delta', previous_response_id: second.id });
    expect(third.usage!.input_tokens).toBe(9); // + "gamma" answered + "delta" = 35 bytes
  });

  it('retrieves, lists input items (paginated) and deletes a stored response', async () => {
    const created = await openai.responses.create({
      model: 'mock/echo',
      input: [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: [{ type: 'input_text', text: 'second' }] },
      ],
    });
    const fetched = await openai.responses.retrieve(created.id);
    expect(fetched).toMatchObject({ id: created.id, status: 'completed', output: created.output, usage: created.usage });
    const page = await openai.responses.inputItems.list(created.id, { limit: 2, order: 'asc' });
    expect(page.data.map((item) => (item as { role: string }).role)).toEqual(['user', 'assistant']);
    expect(page.has_more).toBe(true);
    const all: string[] = [];
    for await (const item of openai.responses.inputItems.list(created.id, { limit: 1 })) all.push((item as { role: string }).role);
    expect(all).toEqual(['user', 'assistant', 'user']);
    expect((await openai.responses.delete(created.id)) as unknown).toEqual({ id: created.id, object: 'response', deleted: true });
    await expect(openai.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it("another key's response is 404 everywhere (never 403), and cannot be continued", async () => {
    const created = await openai.responses.create({ model: 'mock/echo', input: 'private' });
    const stranger = client(other.key);
    await expect(stranger.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
    await expect(stranger.responses.inputItems.list(created.id)).rejects.toMatchObject({ status: 404 });
    await expect(stranger.responses.delete(created.id)).rejects.toMatchObject({ status: 404 });
    const answer = await call(lane, RESPONSES, postJson(other.key, { model: 'mock/echo', input: 'x', previous_response_id: created.id }));
    expect(answer.status).toBe(404);
    expectParam(answer, /^previous_response_id$/);
    expect(answer.text).not.toContain('private');
    expect(await usageRows(other.id)).toEqual([]);
    expect((await openai.responses.retrieve(created.id)).output_text).toBe('private');
  });

  it("resolves item_reference to an item of the key's stored responses, and only of its own", async () => {
    const first = await openai.responses.create({ model: 'mock/echo', input: 'alpha beta' });
    const input = [
      { type: 'item_reference' as const, id: first.output[0]!.id! },
      { role: 'user' as const, content: 'gamma' },
    ];
    const second = await openai.responses.create({ model: 'mock/echo', input });
    expect(second.usage!.input_tokens).toBe(4); // the referenced answer "alpha beta" + "gamma": 15 bytes
    const items = await openai.responses.inputItems.list(second.id, { order: 'asc' });
    expect(items.data[0]).toMatchObject({ id: first.output[0]!.id, type: 'message', role: 'assistant' });
    const foreign = await call(lane, RESPONSES, postJson(other.key, { model: 'mock/echo', input }));
    expect(foreign.status).toBe(404);
    expectParam(foreign, /^input\[0\]\.id$/);
  });

  it('finds a referenced item by its id through the item index: input items too, while a response holding it is kept', async () => {
    const first = await openai.responses.create({ model: 'mock/echo', input: 'delta epsilon' });
    const [asked] = (await openai.responses.inputItems.list(first.id)).data;
    const indexed = await query(
      'SELECT item_id FROM {prefix}svc_response_items WHERE response_id = ? AND api_key_id = ? ORDER BY item_id',
      [first.id, key.id],
    );
    expect(indexed.map((row) => row.item_id)).toEqual([asked!.id, first.output[0]!.id].sort());
    const input = [{ type: 'item_reference' as const, id: asked!.id }];
    const second = await openai.responses.create({ model: 'mock/echo', input });
    expect(second.output_text).toBe('delta epsilon');
    // The item is now held by both; either one kept is enough.
    await openai.responses.delete(second.id);
    expect(await query('SELECT item_id FROM {prefix}svc_response_items WHERE response_id = ?', [second.id])).toEqual([]);
    const third = await openai.responses.create({ model: 'mock/echo', input });
    expect(third.output_text).toBe('delta epsilon');
    await openai.responses.delete(first.id);
    await openai.responses.delete(third.id);
    const gone = await call(lane, RESPONSES, postJson(key.key, { model: 'mock/echo', input }));
    expect(gone.status).toBe(404);
    expectParam(gone, /^input\[0\]\.id$/);
  });

  it('refuses bad input naming the Responses field, recording nothing', async () => {
    const answer = await call(
      lane,
      RESPONSES,
      postJson(refused.key, {
        model: 'mock/echo',
        input: [{ type: 'web_search_call' }, { role: 'user', content: 'ok' }],
        max_output_tokens: 0,
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('svc_invalid_request');
    expectParam(answer, /^input\[0\]\.type$/);
    const converted = await call(lane, RESPONSES, postJson(refused.key, { model: 'mock/echo', input: 'x', max_output_tokens: 0 }));
    expect(Object.keys(converted.body.data.params)).toEqual(['max_output_tokens']);
    const unknown = await call(
      lane,
      RESPONSES,
      postJson(refused.key, { model: 'mock/echo', input: 'x', previous_response_id: 'resp_01JAAAAAAAAAAAAAAAAAAAAAAA' }),
    );
    expect(unknown.status).toBe(404);
    expect(await usageRows(refused.id)).toEqual([]);
    expect(await query('SELECT id FROM {prefix}svc_responses WHERE api_key_id = ?', [refused.id])).toEqual([]);
  });

  it('store: false answers but keeps nothing', async () => {
    const response = await openai.responses.create({ model: 'mock/echo', input: 'forget me', store: false });
    expect(response).toMatchObject({ store: false, output_text: 'forget me' });
    await expect(openai.responses.retrieve(response.id)).rejects.toMatchObject({ status: 404 });
    expect(await query('SELECT id FROM {prefix}svc_responses WHERE id = ?', [response.id])).toEqual([]);
  });

  it('streams a function call when tools are given (mock/echo calls the first tool)', async () => {
    const tools: OpenAI.Responses.FunctionTool[] = [
      {
        type: 'function',
        name: 'get_weather',
        description: 'Weather in a city',
        strict: true,
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
      },
    ];
    const stream = await openai.responses.create({ model: 'mock/echo', input: 'Paris', tools, stream: true });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const added = events.find((event) => event.type === 'response.output_item.added') as OpenAI.Responses.ResponseOutputItemAddedEvent;
    expect(added.item).toMatchObject({
      type: 'function_call',
      name: 'get_weather',
      id: expect.stringMatching(/^fc_/),
      call_id: expect.any(String),
    });
    const done = events.find(
      (event) => event.type === 'response.function_call_arguments.done',
    ) as OpenAI.Responses.ResponseFunctionCallArgumentsDoneEvent;
    expect(JSON.parse(done.arguments)).toEqual({ city: 'Paris' });
    const completed = events[events.length - 1] as OpenAI.Responses.ResponseCompletedEvent;
    const call = completed.response.output.find((item) => item.type === 'function_call') as OpenAI.Responses.ResponseFunctionToolCall;
    const answer = await openai.responses.create({
      model: 'mock/echo',
      previous_response_id: completed.response.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: 'sunny' }],
      tools,
    });
    expect(answer.output_text).toBe('tool said: sunny');
  });
});

/** A real provider module (the OpenAI emulator): the same purposes, fallback and failures as chat. */
describe.each(LANES)('Responses through a provider via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const openai = new OpenAI({ apiKey: key.key, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 20_000 });
  const request = { instructions: 'Be brief.', input: 'hello there router' };

  beforeAll(() => setPurpose(key.key, 'responses-fallback', ['openai/gpt-4o', 'openai/gpt-4o-mini']));
  beforeEach(() => emulator().reset());

  it('a purpose falls back to its next model when the first fails, as chat does', async () => {
    await emulator().script('openai', 'gpt-4o', [{ status: 500 }, { status: 500 }, { status: 500 }]);
    const answer = await call(lane, RESPONSES, postJson(key.key, { purpose: 'responses-fallback', ...request }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      model: 'openai/gpt-4o-mini',
      status: 'completed',
      usage: { input_tokens: PROMPT_TOKENS, output_tokens: COMPLETION_TOKENS },
    });
    expect(answer.body.output[0].content[0].text).toBe(REPLY);
    expect(answer.body.router).toMatchObject({ provider: 'openai', purpose: 'responses-fallback', attempts: 4 });
  });

  it('a provider failing after the stream began ends it with response.failed', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ midStreamError: true }]);
    const stream = await openai.responses.create({ model: 'openai/gpt-4o-mini', ...request, stream: true });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events[0]!.type).toBe('response.created');
    expect(events.some((event) => event.type === 'response.output_text.delta')).toBe(true);
    const last = events[events.length - 1] as OpenAI.Responses.ResponseFailedEvent;
    expect(last).toMatchObject({ type: 'response.failed', response: { status: 'failed', error: { code: 'svc_upstream_error' } } });
    const streamed = events.flatMap((event) => (event.type === 'response.output_text.delta' ? [event.delta] : [])).join('');
    expect(last.response.output).toEqual([
      expect.objectContaining({ type: 'message', status: 'incomplete', content: [expect.objectContaining({ text: streamed })] }),
    ]);
    // Kept as OpenAI keeps it: GET answers the failed response with its error and the output so far.
    const fetched = await openai.responses.retrieve(last.response.id);
    expect(fetched).toMatchObject({
      id: last.response.id,
      status: 'failed',
      error: last.response.error,
      output: last.response.output,
      usage: null,
      incomplete_details: null,
    });
    const page = await openai.responses.inputItems.list(last.response.id);
    expect(page.data).toHaveLength(1);
  });

  it('a stream the client hangs up on is kept as incomplete, with the output it had', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ intervalMs: 200 }]);
    const words = Array.from({ length: 60 }, (_unused, index) => `word${index}`).join(' ');
    const stream = await openai.responses.create({ model: 'openai/gpt-4o-mini', input: words, stream: true });
    let id = '';
    for await (const event of stream) {
      if (event.type === 'response.created') id = event.response.id;
      if (event.type === 'response.output_text.delta') break; // the SDK hangs up
    }
    expect(id).toMatch(/^resp_/);
    // The router notices the hang-up at its next write, then stores what it had.
    const kept: OpenAI.Responses.Response | null = await eventually(
      () => openai.responses.retrieve(id).catch(() => null),
      (read) => read !== null,
    );
    expect(kept).toMatchObject({ id, status: 'incomplete', error: null, usage: null });
    const [message] = kept!.output as OpenAI.Responses.ResponseOutputMessage[];
    expect(message).toMatchObject({ type: 'message', status: 'incomplete' });
    const text = (message!.content[0] as { text: string }).text;
    expect(text.startsWith('Echo:') && `Echo: ${words}`.startsWith(text) && text.length < words.length).toBe(true);
  });

  it('include message.output_text.logprobs: the output text carries the token entries, blocking and streamed', async () => {
    const include: OpenAI.Responses.ResponseIncludable[] = ['message.output_text.logprobs'];
    const blocking = await openai.responses.create({ model: 'openai/gpt-4o-mini', ...request, include, top_logprobs: 2 });
    const part = (blocking.output[0] as OpenAI.Responses.ResponseOutputMessage).content[0] as OpenAI.Responses.ResponseOutputText;
    expect(part.logprobs!.map((entry) => entry.token).join('')).toBe(REPLY);
    expect(part.logprobs!.every((entry) => entry.top_logprobs.length === 2 && entry.top_logprobs[0]!.token === entry.token)).toBe(true);
    expect((await emulator().requests())[0]!.body).toMatchObject({ logprobs: true, top_logprobs: 2 });

    const stream = await openai.responses.create({ model: 'openai/gpt-4o-mini', ...request, include, stream: true });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const deltas = events.filter((event): event is OpenAI.Responses.ResponseTextDeltaEvent => event.type === 'response.output_text.delta');
    expect(deltas.every((event) => event.logprobs.length === 1 && event.logprobs[0]!.token === event.delta)).toBe(true);
    const completed = events[events.length - 1] as OpenAI.Responses.ResponseCompletedEvent;
    const streamedPart = (completed.response.output[0] as OpenAI.Responses.ResponseOutputMessage)
      .content[0] as OpenAI.Responses.ResponseOutputText;
    expect(streamedPart.logprobs!.map((entry) => [entry.token, entry.logprob])).toEqual(
      part.logprobs!.map((entry) => [entry.token, entry.logprob]),
    );
    expect(
      ((await openai.responses.retrieve(completed.response.id)).output[0] as OpenAI.Responses.ResponseOutputMessage).content[0],
    ).toEqual(streamedPart);

    const plain = await openai.responses.create({ model: 'openai/gpt-4o-mini', ...request });
    expect(
      ((plain.output[0] as OpenAI.Responses.ResponseOutputMessage).content[0] as OpenAI.Responses.ResponseOutputText).logprobs,
    ).toEqual([]);
    expect((await emulator().requests())[2]!.body).not.toHaveProperty('logprobs');
  });

  it('a provider failing before the first token is an ordinary HTTP error', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ status: 401 }]);
    await expect(openai.responses.create({ model: 'openai/gpt-4o-mini', ...request, stream: true })).rejects.toMatchObject({ status: 502 });
  });
});

describe('stored responses past their retention', () => {
  it('are no longer served, and the retention job deletes them', async () => {
    const key = createKey(['llm.chat']);
    const openai = new OpenAI({ apiKey: key.key, baseURL: `${baseUrl('direct')}${ROUTER}`, maxRetries: 0 });
    const kept = await openai.responses.create({ model: 'mock/echo', input: 'kept' });
    const expired = await openai.responses.create({ model: 'mock/echo', input: 'expired' });
    const [row] = await query('SELECT TIMESTAMPDIFF(DAY, created_at, expires_at) AS days FROM {prefix}svc_responses WHERE id = ?', [
      kept.id,
    ]);
    expect(row!.days).toBe(30);
    await query('UPDATE {prefix}svc_responses SET expires_at = created_at - INTERVAL 1 DAY WHERE id = ?', [expired.id]);
    await query('UPDATE {prefix}svc_response_items SET expires_at = NOW() - INTERVAL 1 DAY WHERE response_id = ?', [expired.id]);
    await expect(openai.responses.retrieve(expired.id)).rejects.toMatchObject({ status: 404 });
    const services = hubServices();
    const job = responsesRetention(services.router.responses, silentLogger);
    try {
      job.start();
      await eventually(
        () => query('SELECT id FROM {prefix}svc_responses WHERE id = ?', [expired.id]),
        (rows) => rows.length === 0,
        WAIT_MS,
        50,
      );
      expect(await query('SELECT id FROM {prefix}svc_responses WHERE id IN (?)', [[kept.id, expired.id]])).toEqual([{ id: kept.id }]);
      const items = await query('SELECT DISTINCT response_id FROM {prefix}svc_response_items WHERE response_id IN (?)', [
        [kept.id, expired.id],
      ]);
      expect(items).toEqual([{ response_id: kept.id }]);
    } finally {
      await job.stop();
      await services.database.close();
    }
  });
});
