import { embeddingFor, embeddingFromBase64 } from '../emulators/answer';
import { emulator } from '../support/emulator';
import { createKey, hub } from '../support/hub-cli';
import { bearer, call, LANES } from '../support/lanes';
import { expectParam, postJson, ROUTER, setPurpose } from '../support/router-client';
import { eventually } from '../support/eventually';

/** Embeddings (float and base64), the model list and the purpose map (docs/architecture.md §4). */

const EMBEDDING_MODEL = 'openai/text-embedding-3-small';
const SHIPPED_PURPOSES = ['customer-care', 'sales', 'internal-advisory', 'semantic-search', 'fast', 'quality'];
/** Every provider the e2e stack configures (tests/support/global-setup.ts), plus mock (SVC_MOCK=on). */
const CONFIGURED = ['openai', 'anthropic', 'google', 'mistral', 'openrouter', 'deepseek', 'groq', 'xai', 'ollama', 'compat', 'mock'];
const DECIMAL = /^\d+(\.\d+)?$/;

describe.each(LANES)('router embeddings and models via %s', (lane) => {
  const key = createKey(['llm.chat', 'llm.embeddings']);
  const embed = (body: unknown) => call(lane, `${ROUTER}/embeddings`, postJson(key.key, body));

  beforeEach(() => emulator().reset());

  it('answers float embeddings in OpenAI’s shape', async () => {
    const answer = await embed({ model: EMBEDDING_MODEL, input: ['alpha beta', 'gamma'] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: expect.any(Array) },
        { object: 'embedding', index: 1, embedding: expect.any(Array) },
      ],
      model: expect.stringContaining('text-embedding-3-small'),
      usage: { prompt_tokens: 3, total_tokens: 3 },
    });
    expect(answer.body.data[0].embedding).toEqual(embeddingFor('alpha beta'));
    expect(answer.body.data[1].embedding).toEqual(embeddingFor('gamma'));
    const [upstream] = await emulator().requests();
    expect(upstream).toMatchObject({
      provider: 'openai',
      model: 'text-embedding-3-small',
      path: '/openai/v1/embeddings',
      authorized: true,
    });
  });

  it('answers base64 embeddings as little-endian float32', async () => {
    const answer = await embed({ model: EMBEDDING_MODEL, input: 'alpha beta', encoding_format: 'base64' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(1);
    expect(typeof answer.body.data[0].embedding).toBe('string');
    expect(embeddingFromBase64(answer.body.data[0].embedding)).toEqual(embeddingFor('alpha beta'));
  });

  it.each([
    ['no input', { model: EMBEDDING_MODEL }, /^input/],
    ['an empty input list', { model: EMBEDDING_MODEL, input: [] }, /^input/],
    ['a numeric input', { model: EMBEDDING_MODEL, input: 42 }, /^input/],
    ['an unknown encoding', { model: EMBEDDING_MODEL, input: 'x', encoding_format: 'int8' }, /^encoding_format$/],
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const answer = await embed(body);
    expect([answer.status, answer.body?.code]).toEqual([400, 'svc_invalid_request']);
    expectParam(answer, field);
    expect(await emulator().requests()).toEqual([]);
  });

  it('lists only models of configured providers, with capabilities and pricing', async () => {
    const answer = await call(lane, `${ROUTER}/models`, { headers: bearer(key.key) });
    expect(answer.status).toBe(200);
    expect(answer.body.object).toBe('list');
    const models: any[] = answer.body.data;
    for (const model of models) {
      expect(model).toMatchObject({
        id: expect.stringMatching(/^[a-z]+\/.+/),
        object: 'model',
        owned_by: expect.any(String),
        capabilities: expect.any(Array),
      });
      expect(CONFIGURED).toContain(model.id.split('/')[0]);
      expect(model.capabilities.length).toBeGreaterThan(0);
      expect(model.capabilities.every((capability: string) => ['chat', 'embeddings', 'images'].includes(capability))).toBe(true);
      expect(model).toHaveProperty('context_window');
      expect(String(model.pricing.input_per_mtok)).toMatch(DECIMAL);
      expect(String(model.pricing.output_per_mtok)).toMatch(DECIMAL);
      expect(model.pricing.currency).toMatch(/^[A-Z]{3}$/);
      expect(String(model.pricing.cache_read_per_mtok)).toMatch(DECIMAL);
      expect(String(model.pricing.cache_write_per_mtok)).toMatch(DECIMAL);
      const embedding = model.capabilities.includes('embeddings');
      expect(Object.keys(model.supports).sort()).toEqual([
        ...(embedding ? ['dimensions'] : []),
        'images',
        'json_object',
        'json_schema',
        'logit_bias',
        'logprobs',
        'penalties',
        'reasoning',
        'seed',
        'tools',
      ]);
    }
    const byId = new Map(models.map((model) => [model.id, model]));
    expect(byId.get('openai/gpt-4o-mini')?.capabilities).toContain('chat');
    expect(byId.get(EMBEDDING_MODEL)?.capabilities).toEqual(['embeddings']);
    expect(byId.get(EMBEDDING_MODEL)).toMatchObject({ supports: { dimensions: true }, max_dimensions: 1536 });
    expect(byId.get('mistral/mistral-embed')).toMatchObject({ supports: { dimensions: false }, max_dimensions: 1024 });
    expect(byId.get('openai/gpt-4o-mini')?.pricing).toMatchObject({
      input_per_mtok: 0.15,
      cache_read_per_mtok: 0.075,
      cache_write_per_mtok: 0,
    });
    expect(byId.get('openai/o4-mini')?.supports).toMatchObject({
      tools: true,
      images: true,
      json_schema: true,
      reasoning: true,
      logit_bias: false,
      penalties: false,
    });
    expect(byId.get('mistral/mistral-large-latest')?.supports.images).toBe(false);
    for (const provider of ['anthropic', 'google', 'mistral']) {
      expect(models.some((model) => model.id.startsWith(`${provider}/`))).toBe(true);
    }
    const health = await call(lane, `${ROUTER}/health`);
    const configured: string[] = health.body.checks.providers.configured;
    for (const model of models) expect(configured).toContain(model.id.split('/')[0]);
  });

  it('lists the purposes with their ordered models, shipped and operator-set', async () => {
    await setPurpose(key.key, 'e2e-purposes', ['anthropic/claude-3-5-haiku-latest', 'openai/gpt-4o-mini']);
    const answer = await call(lane, `${ROUTER}/models/purposes`, { headers: bearer(key.key) });
    expect(answer.status).toBe(200);
    expect(answer.body.object).toBe('list');
    const purposes = new Map<string, any>(answer.body.data.map((entry: any) => [entry.purpose, entry]));
    for (const name of SHIPPED_PURPOSES) {
      const entry = purposes.get(name);
      expect(entry).toMatchObject({ purpose: name, description: expect.any(String), models: expect.any(Array) });
      expect(entry.models.length).toBeGreaterThan(0);
      expect(entry.models.every((model: unknown) => typeof model === 'string' && /^[a-z]+\/.+/.test(model))).toBe(true);
    }
    expect(purposes.get('e2e-purposes')?.models).toEqual(['anthropic/claude-3-5-haiku-latest', 'openai/gpt-4o-mini']);
  });
});

describe('GET /models follows the provider configuration', () => {
  const key = createKey(['llm.chat']);
  const mistralListed = async () => {
    const answer = await call('direct', `${ROUTER}/models`, { headers: bearer(key.key) });
    return (answer.body.data as Array<{ id: string }>).some((model) => model.id.startsWith('mistral/'));
  };
  /** Workers cache provider settings for a few seconds: poll until the check holds. */
  const settles = (check: () => Promise<boolean>) => eventually(check, (held) => held);

  afterAll(() => {
    hub('provider', 'remove', 'mistral');
  });

  it('drops a switched-off provider’s models, and lists them again once it is back', async () => {
    expect(await mistralListed()).toBe(true);
    hub('provider', 'set', 'mistral', '--enabled', 'off');
    expect(await settles(async () => !(await mistralListed()))).toBe(true);
    hub('provider', 'remove', 'mistral');
    expect(await settles(mistralListed)).toBe(true);
  });
});
