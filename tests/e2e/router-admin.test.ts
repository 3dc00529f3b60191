import { bearer, call } from '../support/lanes';
import { createKey } from '../support/hub-cli';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { eventually } from '../support/eventually';

const ADMIN = '/wp-json/svc-hub/v1/admin';

/** An admin request as the shell would send it, straight to the worker. */
function admin(method: string, path: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return call('direct', ADMIN + path, {
    method,
    body: body === undefined ? undefined : text,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...shellHeaders({ method, path: ADMIN + path, body: text }),
    },
  });
}

describe('router admin routes', () => {
  it('stores a provider key write-only: the answer and the list show its last 4 characters only', async () => {
    const secret = stack().workerEnv.MISTRAL_API_KEY!; // the emulator's key, so mistral keeps working
    const saved = await admin('PUT', '/providers/mistral', { api_key: secret });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'mistral', configured: true, source: 'admin', key_last4: secret.slice(-4) });
    const listed = await admin('GET', '/providers');
    expect(listed.text).not.toContain(secret);
    expect(saved.text).not.toContain(secret);
    const removed = await admin('DELETE', '/providers/mistral');
    expect(removed.body).toMatchObject({ name: 'mistral', source: 'environment' });
  });

  it('refuses a bad provider change, naming the field', async () => {
    const answer = await admin('PUT', '/providers/openai', { base_url: 'ftp://nope', enabled: 'yes' });
    expect([answer.status, Object.keys(answer.body.data.params).sort()]).toEqual([400, ['base_url', 'enabled']]);
    expect((await admin('PUT', '/providers/skynet', { api_key: 'abcd1234' })).status).toBe(404);
  });

  it('overrides a model price, and GET /models shows it', async () => {
    const saved = await admin('PUT', '/prices/openai/gpt-4.1-mini', { input_per_mtok: 0.5, output_per_mtok: 2 });
    // Cache prices left out keep the shipped ones (gpt-4.1-mini: cached input 0.10, no cache writes).
    expect(saved.body).toEqual({
      model: 'openai/gpt-4.1-mini',
      input_per_mtok: 0.5,
      output_per_mtok: 2,
      cache_read_per_mtok: 0.1,
      cache_write_per_mtok: 0,
      currency: 'USD',
    });
    const key = createKey(['llm.chat']);
    const models = await eventually(
      () => call('direct', '/wp-json/llm/router/v1/models', { headers: bearer(key.key) }),
      (answer) => answer.body?.data?.find((model: { id: string }) => model.id === 'openai/gpt-4.1-mini')?.pricing.input_per_mtok === 0.5,
    );
    expect(models.body.data.find((model: { id: string }) => model.id === 'openai/gpt-4.1-mini').pricing).toEqual({
      input_per_mtok: 0.5,
      output_per_mtok: 2,
      cache_read_per_mtok: 0.1,
      cache_write_per_mtok: 0,
      currency: 'USD',
    });
    expect((await admin('PUT', '/prices/openai/no-such-model', { input_per_mtok: 1, output_per_mtok: 1 })).status).toBe(404);
  });

  it('overrides cache prices, lists them with capabilities, and refuses a bad one', async () => {
    const saved = await admin('PUT', '/prices/anthropic/claude-sonnet-4-5', {
      input_per_mtok: 3,
      output_per_mtok: 15,
      cache_read_per_mtok: 0.25,
      cache_write_per_mtok: '4.5',
    });
    expect(saved.body).toEqual({
      model: 'anthropic/claude-sonnet-4-5',
      input_per_mtok: 3,
      output_per_mtok: 15,
      cache_read_per_mtok: 0.25,
      cache_write_per_mtok: 4.5,
      currency: 'USD',
    });
    const listed = (await admin('GET', '/models')).body.data.find((model: { id: string }) => model.id === 'anthropic/claude-sonnet-4-5');
    expect(listed).toMatchObject({
      pricing: { cache_read_per_mtok: 0.25, cache_write_per_mtok: 4.5 },
      shipped_pricing: { input_per_mtok: 3, output_per_mtok: 15, cache_read_per_mtok: 0.3, cache_write_per_mtok: 3.75, currency: 'USD' },
      price_overridden: true,
      supports: {
        tools: true,
        images: true,
        json_object: true,
        json_schema: true,
        reasoning: true,
        logprobs: false,
        seed: false,
        penalties: false,
        logit_bias: false,
      },
    });
    const bad = await admin('PUT', '/prices/anthropic/claude-sonnet-4-5', {
      input_per_mtok: 3,
      output_per_mtok: 15,
      cache_read_per_mtok: -1,
      cache_write_per_mtok: 'lots',
    });
    expect([bad.status, bad.body.code, Object.keys(bad.body.data.params).sort()]).toEqual([
      400,
      'svc_invalid_request',
      ['cache_read_per_mtok', 'cache_write_per_mtok'],
    ]);
    const after = (await admin('GET', '/models')).body.data.find((model: { id: string }) => model.id === 'anthropic/claude-sonnet-4-5');
    expect(after.pricing.cache_read_per_mtok).toBe(0.25); // the refused change changed nothing
  });

  it('edits a purpose only with known models of one kind', async () => {
    const bad = await admin('PUT', '/purposes/e2e-admin', { models: ['openai/gpt-4o-mini', 'openai/text-embedding-3-small'] });
    expect([bad.status, bad.body.data.params.models]).toEqual([400, 'must all be chat models or all embedding models']);
    const unknown = await admin('PUT', '/purposes/e2e-admin', { models: ['openai/gpt-9'] });
    expect(unknown.body.data.params.models).toContain('openai/gpt-9');
    const saved = await admin('PUT', '/purposes/e2e-admin', {
      models: ['openai/gpt-4o-mini', 'anthropic/claude-3-5-haiku-latest'],
      description: 'e2e',
    });
    expect(saved.body).toMatchObject({ purpose: 'e2e-admin', models: ['openai/gpt-4o-mini', 'anthropic/claude-3-5-haiku-latest'] });
  });

  it('reports usage grouped by team and by day, and refuses an unknown grouping', async () => {
    const key = createKey(['llm.chat']);
    const chat = await call('direct', '/wp-json/llm/router/v1/chat', {
      method: 'POST',
      headers: { ...bearer(key.key), 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'mock/echo', messages: [{ role: 'user', content: 'a b c' }], metadata: { team: 'report-team' } }),
    });
    expect(chat.status).toBe(200);
    const report = await eventually(
      () => admin('GET', '/usage?group_by=team'),
      (answer) => answer.body?.data?.some((row: { group: string; ok: number }) => row.group === 'report-team' && row.ok === 1), // completed rows are written in batches
    );
    expect(report.body.data.find((row: { group: string }) => row.group === 'report-team')).toMatchObject({
      calls: 1,
      ok: 1,
      prompt_tokens: 2, // mock/echo bills ceil(UTF-8 bytes / 4): 'a b c' is 5 bytes each way
      completion_tokens: 2,
    });
    const days = await admin('GET', '/usage?group_by=day');
    expect(days.body.data.at(-1).group).toBe(new Date().toISOString().slice(0, 10));
    const wrong = await admin('GET', '/usage?group_by=planet&from=yesterday');
    expect([wrong.status, Object.keys(wrong.body.data.params).sort()]).toEqual([400, ['from', 'group_by']]);
  });
});
