import { embeddingFor } from './answer';
import { post, useEmulator } from './testing';

/** Ollama's native API (docs/external/llm-providers.md). */
describe('Ollama emulator', () => {
  const { emulator, control } = useEmulator();
  const url = (path: string) => `${emulator().url}/ollama${path}`;
  const messages = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'hello there emulator' },
  ];
  const lines = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));

  it('streams NDJSON lines and a final done line with the counts', async () => {
    const answer = await post(url('/api/chat'), { model: 'llama3.2', messages });
    expect(answer.headers.get('content-type')).toBe('application/x-ndjson');
    expect(answer.text.endsWith('}\n')).toBe(true);
    const sequence = lines(answer.text);
    expect(sequence.slice(0, -1).every((line) => line.done === false)).toBe(true);
    expect(sequence.map((line) => line.message.content).join('')).toBe('Echo: hello there emulator');
    expect(sequence[sequence.length - 1]).toMatchObject({ done: true, done_reason: 'stop', prompt_eval_count: 5, eval_count: 4 });
  });

  it('answers one object with stream: false', async () => {
    const answer = await post(url('/api/chat'), { model: 'llama3.2', messages, stream: false, options: { num_predict: 2 } });
    expect(answer.body).toMatchObject({
      model: 'llama3.2',
      message: { role: 'assistant', content: 'Echo: hello' },
      done: true,
      done_reason: 'length',
      eval_count: 2,
    });
  });

  it('embeds with /api/embed', async () => {
    const answer = await post(url('/api/embed'), { model: 'nomic-embed-text', input: ['alpha', 'beta gamma'] });
    expect(answer.body).toMatchObject({
      model: 'nomic-embed-text',
      embeddings: [embeddingFor('alpha'), embeddingFor('beta gamma')],
      prompt_eval_count: 3,
    });
  });

  it('answers an unknown model with 404 {error}', async () => {
    const answer = await post(url('/api/chat'), { model: 'not-a-model', messages });
    expect([answer.status, answer.body]).toEqual([404, { error: 'model "not-a-model" not found, try pulling it first' }]);
  });

  it('ends a stream with an {error} line when scripted', async () => {
    await control().script('ollama', 'llama3.2', [{ midStreamError: true }]);
    const sequence = lines((await post(url('/api/chat'), { model: 'llama3.2', messages })).text);
    expect(sequence).toHaveLength(2);
    expect(sequence[1]).toEqual({ error: expect.any(String) });
  });
});
