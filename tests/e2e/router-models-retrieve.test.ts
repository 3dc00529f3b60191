import OpenAI from 'openai';
import OpenAIv6 from 'openai-v6';
import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { baseUrl, bearer, call, LANES } from '../support/lanes';
import { REPLY, ROUTER } from '../support/router-client';

/** GET /models/{id} (docs/architecture.md §4): ids hold slashes, sent plain or percent-encoded as the OpenAI SDK does. */
describe.each(LANES)('GET /models/{id} via %s', (lane) => {
  const key = createKey(['llm.chat', 'llm.embeddings']);
  const options = { apiKey: key.key, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 20_000 };
  const client = new OpenAI(options);
  const get = (path: string, token = key.key) => call(lane, `${ROUTER}/models/${path}`, { headers: bearer(token) });

  beforeEach(() => emulator().reset());

  it('answers the model as GET /models lists it, to the OpenAI SDK 7 (which percent-encodes the slash)', async () => {
    const listed = await call(lane, `${ROUTER}/models`, { headers: bearer(key.key) });
    const entry = (id: string) => listed.body.data.find((model: { id: string }) => model.id === id);
    expect(await client.models.retrieve('mock/echo')).toEqual(entry('mock/echo'));
    expect(await client.models.retrieve('openai/text-embedding-3-small')).toEqual(entry('openai/text-embedding-3-small'));
    expect(entry('openai/text-embedding-3-small')).toMatchObject({ object: 'model', supports: { dimensions: true }, max_dimensions: 1536 });
  });

  it('takes the rest of the path: plain slashes, several of them, and %2F', async () => {
    for (const path of ['openai/gpt-4o-mini', 'openai%2Fgpt-4o-mini']) {
      const answer = await get(path);
      expect([answer.status, answer.body.id, answer.body.owned_by]).toEqual([200, 'openai/gpt-4o-mini', 'openai']);
    }
    // OpenRouter serves any name: an id with three slashes, answered though it is not in the catalog.
    const open = await get('openrouter/meta-llama/llama-3.1-8b-instruct');
    expect([open.status, open.body.id, open.body.capabilities]).toEqual([200, 'openrouter/meta-llama/llama-3.1-8b-instruct', ['chat']]);
  });

  it('answers 404 svc_model_not_found naming an unknown model; /models/purposes stays the purpose list', async () => {
    for (const id of ['openai/no-such-model', 'nosuchprovider/x', 'mock']) {
      const answer = await get(id);
      expect([answer.status, answer.body.code]).toEqual([404, 'svc_model_not_found']);
      expect(answer.body.message).toContain(id);
    }
    await expect(client.models.retrieve('openai/no-such-model')).rejects.toMatchObject({ status: 404 });
    const purposes = await get('purposes');
    expect([purposes.status, purposes.body.object, typeof purposes.body.data[0].purpose]).toEqual([200, 'list', 'string']);
  });

  it('needs a key with llm.chat or llm.embeddings', async () => {
    expect((await get('mock/echo', 'not-a-key')).status).toBe(401);
    const ungated = createKey([]);
    expect((await get('mock/echo', ungated.key)).status).toBe(403);
  });

  it('serves the older major too: openai 6 retrieves a model, embeds with dimensions and chats', async () => {
    const older = new OpenAIv6(options);
    expect((await older.models.retrieve('mock/echo')).id).toBe('mock/echo');
    const vectors = await older.embeddings.create({ model: 'mock/embed', input: 'alpha', dimensions: 64 });
    expect(vectors.data[0]!.embedding).toHaveLength(64);
    const completion = await older.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello there router' }],
    });
    expect(completion.choices[0]!.message.content).toBe(REPLY);
  });
});
