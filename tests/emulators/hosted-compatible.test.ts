import { dataEvents, post, useEmulator } from './testing';

/** DeepSeek, Groq and xAI: the OpenAI format with their own usage (hosted-compatible.ts, synthetic). */
describe('hosted OpenAI-compatible emulator flavours', () => {
  const { emulator, control } = useEmulator();
  const messages = [{ role: 'user', content: 'hello there emulator' }];
  const usage = { promptTokens: 1000, completionTokens: 300, cachedTokens: 400, reasoningTokens: 100 };
  const chat = (prefix: string, key: string, body: Record<string, unknown>) =>
    post(`${emulator().url}${prefix}/chat/completions`, { messages, ...body }, { Authorization: `Bearer ${key}` });

  it('DeepSeek: prompt_cache_hit_tokens beside cached_tokens; streamed usage on the finish chunk when asked', async () => {
    await control().script('deepseek', undefined, [usage, usage]);
    const blocking = await chat('/deepseek', emulator().keys.deepseek, { model: 'deepseek-chat' });
    expect(blocking.body.choices[0].message.content).toBe('Echo: hello there emulator');
    expect(blocking.body.usage).toMatchObject({
      prompt_tokens: 1000,
      completion_tokens: 300,
      prompt_tokens_details: { cached_tokens: 400 },
      prompt_cache_hit_tokens: 400,
      prompt_cache_miss_tokens: 600,
    });
    const streamed = dataEvents(
      (await chat('/deepseek', emulator().keys.deepseek, { model: 'deepseek-chat', stream: true, stream_options: { include_usage: true } }))
        .text,
    );
    const finish = streamed.at(-1);
    expect(finish).toMatchObject({ choices: [{ finish_reason: 'stop' }], usage: { prompt_cache_hit_tokens: 400 } });
  });

  it('Groq: streamed usage only in x_groq.usage', async () => {
    const streamed = dataEvents(
      (await chat('/groq/openai/v1', emulator().keys.groq, { model: 'llama-3.1-8b-instant', stream: true })).text,
    );
    const finish = streamed.at(-1);
    expect(finish.usage).toBeUndefined();
    expect(finish.x_groq.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7, queue_time: expect.any(Number) });
  });

  it('xAI: reasoning tokens beside completion_tokens, total over all three', async () => {
    await control().script('xai', 'grok-3-mini', [usage]);
    const blocking = await chat('/xai/v1', emulator().keys.xai, { model: 'grok-3-mini' });
    expect(blocking.body.usage).toMatchObject({
      prompt_tokens: 1000,
      completion_tokens: 200,
      total_tokens: 1300,
      completion_tokens_details: { reasoning_tokens: 100 },
      prompt_tokens_details: { cached_tokens: 400 },
    });
    expect((await chat('/xai/v1', 'wrong-key', { model: 'grok-3-mini' })).status).toBe(401);
  });
});
