import { embeddingFor } from './answer';
import { post, useEmulator } from './testing';

/** Google Gemini (docs/external/llm-providers.md; fixtures google-text.*, google-429-retry-info.json). */
describe('Gemini emulator', () => {
  const { emulator, control } = useEmulator();
  const url = (method: string, model = 'gemini-2.0-flash') => `${emulator().url}/google/v1beta/models/${model}:${method}`;
  const headers = () => ({ 'x-goog-api-key': emulator().keys.google });
  const request = {
    systemInstruction: { parts: [{ text: 'Be brief.' }] },
    contents: [{ role: 'user', parts: [{ text: 'hello there emulator' }] }],
  };

  it('answers generateContent with candidates and usageMetadata', async () => {
    const answer = await post(url('generateContent'), request, headers());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      candidates: [{ content: { parts: [{ text: 'Echo: hello there emulator' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: {
        promptTokenCount: 5,
        candidatesTokenCount: 4,
        totalTokenCount: 9,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 5 }],
      },
      modelVersion: 'gemini-2.0-flash',
      responseId: expect.any(String),
    });
  });

  it('streams CRLF-framed events with cumulative usage on every chunk (alt=sse)', async () => {
    const answer = await post(`${url('streamGenerateContent')}?alt=sse`, request, headers());
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    expect(answer.text).toMatch(/^(data: [^\r\n]+\r\n\r\n)+$/);
    const chunks = answer.text
      .split('\r\n\r\n')
      .filter(Boolean)
      .map((event) => JSON.parse(event.slice('data: '.length)));
    expect(chunks.map((chunk) => chunk.usageMetadata.candidatesTokenCount)).toEqual([1, 2, 3, 4]);
    expect(chunks.every((chunk) => chunk.usageMetadata.promptTokenCount === 5)).toBe(true);
    expect(chunks.map((chunk) => chunk.candidates[0].content.parts[0].text).join('')).toBe('Echo: hello there emulator');
    expect(chunks.map((chunk) => chunk.candidates[0].finishReason)).toEqual([undefined, undefined, undefined, 'STOP']);
  });

  it('streams one JSON array without alt=sse', async () => {
    const answer = await post(url('streamGenerateContent'), request, headers());
    const chunks = JSON.parse(answer.text);
    expect(Array.isArray(chunks)).toBe(true);
    expect(chunks).toHaveLength(4);
  });

  it('refuses a missing key with 403 and a wrong one with 400 API_KEY_INVALID; accepts ?key=', async () => {
    const missing = await post(url('generateContent'), request);
    expect(missing.status).toBe(403);
    expect(missing.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    const wrong = await post(url('generateContent'), request, { 'x-goog-api-key': 'AIza-wrong' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] });
    expect((await post(`${url('generateContent')}?key=${emulator().keys.google}`, request)).status).toBe(200);
  });

  it.each([
    ['no contents', { contents: [] }, 400, 'INVALID_ARGUMENT'],
    ['a bad role', { contents: [{ role: 'assistant', parts: [{ text: 'x' }] }] }, 400, 'INVALID_ARGUMENT'],
  ])('refuses %s in Google’s error shape', async (_name, body, status, name) => {
    const answer = await post(url('generateContent'), body, headers());
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: { code: status, message: expect.any(String), status: name } });
  });

  it('answers an unknown model with 404 NOT_FOUND', async () => {
    const answer = await post(url('generateContent', 'not-a-model'), request, headers());
    expect([answer.status, answer.body.error.status]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers a scripted 429 with RetryInfo in the body, as Google does', async () => {
    await control().script('google', 'gemini-2.0-flash', [{ status: 429, retryAfter: '1' }]);
    const answer = await post(url('generateContent'), request, headers());
    expect(answer.status).toBe(429);
    expect(answer.body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(answer.body.error.details).toContainEqual({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1s' });
  });

  it('embeds with batchEmbedContents and embedContent', async () => {
    const batch = await post(
      url('batchEmbedContents', 'text-embedding-004'),
      { requests: ['alpha', 'beta gamma'].map((text) => ({ model: 'models/text-embedding-004', content: { parts: [{ text }] } })) },
      headers(),
    );
    expect(batch.body).toEqual({ embeddings: [{ values: embeddingFor('alpha') }, { values: embeddingFor('beta gamma') }] });
    const single = await post(url('embedContent', 'text-embedding-004'), { content: { parts: [{ text: 'alpha' }] } }, headers());
    expect(single.body).toEqual({ embedding: { values: embeddingFor('alpha') } });
  });

  it('answers outputDimensionality floats per batched request', async () => {
    const batch = await post(
      url('batchEmbedContents', 'gemini-embedding-001'),
      { requests: [{ model: 'models/gemini-embedding-001', content: { parts: [{ text: 'alpha' }] }, outputDimensionality: 64 }] },
      headers(),
    );
    expect(batch.body).toEqual({ embeddings: [{ values: embeddingFor('alpha', 64) }] });
  });

  it('logs the model from the path and the stream flag from the method', async () => {
    await post(`${url('streamGenerateContent')}?alt=sse`, request, headers());
    expect((await control().requests())[0]).toMatchObject({
      provider: 'google',
      model: 'gemini-2.0-flash',
      stream: true,
      query: '?alt=sse',
      authorized: true,
    });
  });
});
