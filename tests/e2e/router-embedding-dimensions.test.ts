import OpenAI from 'openai';
import { embeddingFor } from '../emulators/answer';
import { embedText } from '../../worker/src/providers/mock/mock';
import { eventually } from '../support/database-query';
import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { baseUrl, call, LANES } from '../support/lanes';
import { postJson, ROUTER } from '../support/router-client';
import { usageRows } from '../support/usage-rows';

/**
 * Embeddings `dimensions` with the OpenAI SDK 7 (docs/api-notes.md "Embeddings"): honoured by the
 * models that can shorten their vectors, refused by name by the others, never ignored.
 */
describe.each(LANES)('embeddings dimensions via %s', (lane) => {
  const key = createKey(['llm.embeddings']);
  const client = new OpenAI({ apiKey: key.key, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 20_000 });
  const embed = (body: unknown) => call(lane, `${ROUTER}/embeddings`, postJson(key.key, body));

  beforeEach(() => emulator().reset());

  it('answers mock/embed shortened to 64 floats, float and base64 alike, and records the call', async () => {
    const { data, response } = await client.embeddings.create({ model: 'mock/embed', input: 'alpha beta', dimensions: 64 }).withResponse();
    expect(data.data[0]!.embedding).toHaveLength(64);
    expect(data.data[0]!.embedding).toEqual(embedText('alpha beta', 64).map(Math.fround)); // the SDK asked base64: float32
    const norm = Math.sqrt(data.data[0]!.embedding.reduce((sum, value) => sum + value * value, 0));
    expect(norm).toBeCloseTo(1, 6);
    // Asked outright, base64 is passed to the caller as it is.
    const encoded = await client.embeddings.create({ model: 'mock/embed', input: 'alpha beta', dimensions: 64, encoding_format: 'base64' });
    expect(Buffer.from(encoded.data[0]!.embedding as unknown as string, 'base64')).toHaveLength(64 * 4);
    const byDefault = await client.embeddings.create({ model: 'mock/embed', input: 'alpha beta' });
    expect(byDefault.data[0]!.embedding).toHaveLength(256);

    const requestId = response.headers.get('x-request-id')!;
    const [row] = await eventually(
      () => usageRows([requestId]),
      (rows) => rows.length > 0,
    );
    expect(row).toMatchObject({ kind: 'embeddings', status: 'ok', model: 'mock/embed' });
  });

  it('passes dimensions to OpenAI and outputDimensionality to Gemini, answering their shorter vectors', async () => {
    const openai = await client.embeddings.create({ model: 'openai/text-embedding-3-small', input: ['alpha', 'beta'], dimensions: 64 });
    expect(openai.data.map((item) => item.embedding)).toEqual([embeddingFor('alpha', 64), embeddingFor('beta', 64)]);
    const gemini = await client.embeddings.create({
      model: 'google/gemini-embedding-001',
      input: 'alpha',
      dimensions: 32,
      encoding_format: 'float',
    });
    expect(gemini.data[0]!.embedding).toEqual(embeddingFor('alpha', 32));
    const [toOpenAi, toGoogle] = await emulator().requests();
    expect(toOpenAi!.body).toMatchObject({ model: 'text-embedding-3-small', dimensions: 64 });
    expect((toGoogle!.body as any).requests[0]).toMatchObject({ outputDimensionality: 32 });
  });

  it.each([['openai/text-embedding-ada-002'], ['mistral/mistral-embed']])(
    'refuses dimensions for %s, which cannot shorten its vectors, without calling it',
    async (model) => {
      const answer = await embed({ model, input: 'alpha', dimensions: 64 });
      expect([answer.status, answer.body.code]).toEqual([400, 'svc_unsupported_parameter']);
      expect(answer.body.data).toMatchObject({ params: { dimensions: expect.stringContaining(model) }, model });
      expect(await emulator().requests()).toEqual([]);
    },
  );

  it.each([
    ['zero', 0],
    ['a fraction', 1.5],
    ['a string', '64'],
    ['more than the model holds', 1537],
  ])('refuses %s as dimensions with 400 naming it', async (_name, dimensions) => {
    const answer = await embed({ model: 'openai/text-embedding-3-small', input: 'alpha', dimensions });
    expect([answer.status, answer.body.code]).toEqual([400, 'svc_invalid_request']);
    expect(Object.keys(answer.body.data.params)).toEqual(['dimensions']);
    expect(await emulator().requests()).toEqual([]);
  });
});
