import Anthropic from '@anthropic-ai/sdk';
import { inputTokens } from '../../worker/src/providers/mock/billing';
import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { baseUrl, call, LANES } from '../support/lanes';
import { ROUTER } from '../support/router-client';

/**
 * The Messages routes' edges (docs/api-notes.md "Anthropic Messages API"): the key in Anthropic's
 * `x-api-key` on both lanes, and POST /messages/count_tokens counted by Anthropic or estimated.
 */
const messages = [{ role: 'user' as const, content: 'hello there router' }];
const system = 'Be brief.';

describe.each(LANES)('Messages API key header and count_tokens via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const client = () =>
    new Anthropic({
      baseURL: `${baseUrl(lane)}/wp-json/llm/router`,
      apiKey: key.key,
      maxRetries: 0,
      timeout: 20_000,
      defaultHeaders: { 'anthropic-beta': 'claude-code-20250219,interleaved-thinking-2025-05-14' },
    });
  const post = (path: string, headers: Record<string, string> | string[][], body: unknown) =>
    call(lane, `${ROUTER}${path}`, {
      method: 'POST',
      headers: [['content-type', 'application/json'], ...toPairs(headers)],
      body: JSON.stringify(body),
    });

  beforeEach(() => emulator().reset());

  it('takes the SDK key in x-api-key (anthropic-version and anthropic-beta sent along) on /messages and /messages/count_tokens', async () => {
    const message = await client().messages.create({ model: 'mock/echo', max_tokens: 64, system, messages });
    expect(message.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('hello there router') });

    const { data, response } = await client().messages.countTokens({ model: 'mock/echo', system, messages }).withResponse();
    const estimate = inputTokens({ model: 'echo', messages: [{ role: 'system', content: system }, ...messages] });
    expect(data).toEqual({ input_tokens: estimate });
    expect(response.headers.get('x-svc-token-count')).toBe('estimated');
  });

  it("counts an Anthropic model's tokens at Anthropic's count_tokens, sending only the fields it takes", async () => {
    const { data, response } = await client()
      .messages.countTokens({ model: 'claude-sonnet-4-5', system, messages, tools: [{ name: 'lookup', input_schema: { type: 'object' } }] })
      .withResponse();
    expect(data).toEqual({ input_tokens: 6 }); // the emulator's words: "Be brief." + "lookup" + "hello there router"
    expect(response.headers.get('x-svc-token-count')).toBe('provider');
    const [sent, ...more] = await emulator().requests({ provider: 'anthropic' });
    expect(more).toEqual([]);
    expect(sent!.path).toBe('/anthropic/v1/messages/count_tokens');
    expect(sent!.body).toEqual({
      model: 'claude-sonnet-4-5',
      messages,
      system,
      tools: [{ name: 'lookup', input_schema: { type: 'object' } }],
    });
  });

  it('refuses a wrong x-api-key with 401, and the SDK reads it as an authentication error', async () => {
    const wrong = new Anthropic({
      baseURL: `${baseUrl(lane)}/wp-json/llm/router`,
      apiKey: 'svc_live_notakey0000000000000000000000',
      maxRetries: 0,
    });
    await expect(wrong.messages.countTokens({ model: 'mock/echo', messages })).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    const answer = await post('/messages', { 'x-api-key': 'wrong' }, { model: 'mock/echo', max_tokens: 8, messages });
    expect([answer.status, answer.body.code]).toEqual([401, 'svc_invalid_key']);
    // Anthropic's error shape on the Messages routes (docs/architecture.md §3), beside the hub's own fields.
    expect(answer.body).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: expect.any(String) } });
  });

  it('ignores x-api-key on a route that does not declare it: /chat/completions still misses its key', async () => {
    const answer = await post('/chat/completions', { 'x-api-key': key.key }, { model: 'mock/echo', messages });
    expect([answer.status, answer.body.code]).toEqual([401, 'svc_missing_key']);
  });

  it('refuses x-api-key beside a different Authorization key, or sent twice, naming x-api-key; the same key in both is fine', async () => {
    const body = { model: 'mock/echo', messages };
    const other = createKey(['llm.chat']).key;
    const different = await post('/messages/count_tokens', { 'x-api-key': key.key, authorization: `Bearer ${other}` }, body);
    expect([different.status, different.body.code, Object.keys(different.body.data.params)]).toEqual([
      400,
      'svc_invalid_request',
      ['x-api-key'],
    ]);
    expect(different.body.error).toMatchObject({ type: 'invalid_request_error' });
    const twice = await post(
      '/messages/count_tokens',
      [
        ['x-api-key', key.key],
        ['x-api-key', other],
      ],
      body,
    );
    expect([twice.status, twice.body.code, Object.keys(twice.body.data.params)]).toEqual([400, 'svc_invalid_request', ['x-api-key']]);
    const same = await post('/messages/count_tokens', { 'x-api-key': key.key, authorization: `Bearer ${key.key}` }, body);
    expect(same.status).toBe(200);
  });

  it("counts a server tool only for Anthropic's own models: sent to Anthropic as it is, refused by name for mock/echo", async () => {
    const webSearch = { type: 'web_search_20250305', name: 'web_search', max_uses: 2 };
    const refused = await post('/messages/count_tokens', { 'x-api-key': key.key }, { model: 'mock/echo', messages, tools: [webSearch] });
    expect([refused.status, refused.body.code, Object.keys(refused.body.data.params)]).toEqual([
      400,
      'svc_unsupported_parameter',
      ['tools[0]'],
    ]);
    const counted = await post(
      '/messages/count_tokens',
      { 'x-api-key': key.key },
      { model: 'claude-sonnet-4-5', messages, tools: [webSearch] },
    );
    expect([counted.status, counted.headers.get('x-svc-token-count')]).toEqual([200, 'provider']);
    const [sent] = await emulator().requests({ provider: 'anthropic' });
    expect(sent!.body).toEqual({ model: 'claude-sonnet-4-5', messages, tools: [webSearch] });
  });

  it('refuses a count_tokens body the Messages validation refuses, naming the field, without calling a provider', async () => {
    const answer = await post(
      '/messages/count_tokens',
      { 'x-api-key': key.key },
      { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 42 }] },
    );
    expect([answer.status, answer.body.code]).toEqual([400, 'svc_invalid_request']);
    expect(Object.keys(answer.body.data.params)[0]).toMatch(/^messages\[0\]/);
    expect(await emulator().requests()).toEqual([]);
  });
});

function toPairs(headers: Record<string, string> | string[][]): string[][] {
  return Array.isArray(headers) ? headers : Object.entries(headers);
}
