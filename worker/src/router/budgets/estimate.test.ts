import { inputTokens } from '../../providers/mock/billing';
import type { ChatRequest } from '../../providers/types';
import { findModel } from '../catalog/models';
import {
  affordableLimit,
  boundAt,
  chatBound,
  inputBound,
  measureChat,
  measureEmbeddings,
  MESSAGE_FRAME_TOKENS,
  outputCeiling,
  REQUEST_FRAME_TOKENS,
  TOOL_FRAME_TOKENS,
  TOOL_PROMPT_TOKENS,
  type PricedCandidate,
} from './estimate';
import { toUnits } from './lease';

const price = { inputPerMtok: 2, outputPerMtok: 10, cacheReadPerMtok: 0, cacheWritePerMtok: 0, currency: 'USD' };
const echo = findModel('mock/echo')!;
const schema = { type: 'object', properties: { city: { type: 'string', description: 'Städte – 東京' } }, required: ['city'] };
const request: ChatRequest = {
  model: 'echo',
  messages: [
    { role: 'system', content: 'Réponds en français.' },
    {
      role: 'user',
      content: 'What is in this picture?',
      parts: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
      ],
    },
    { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'lookup', arguments: '{"city":"Köln"}' }] },
    { role: 'tool', content: '{"weather":"rain"}', toolCallId: 'call_1' },
  ],
  tools: [{ name: 'lookup', description: 'Find a city', parameters: schema }],
  responseFormat: { type: 'json_schema', name: 'answer', schema },
};

describe('the reservation bound', () => {
  it('counts every UTF-8 byte sent as text: messages, tool calls, tool definitions and the schema, with their frames', () => {
    const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
    const text =
      bytes('Réponds en français.') +
      bytes('What is in this picture?') +
      bytes('call_1lookup{"city":"Köln"}') +
      bytes('{"weather":"rain"}call_1') +
      bytes(JSON.stringify(request.tools![0])) +
      bytes(JSON.stringify(request.responseFormat));
    expect(measureChat(request)).toEqual({
      textTokens: text + 4 * MESSAGE_FRAME_TOKENS + REQUEST_FRAME_TOKENS + TOOL_FRAME_TOKENS + TOOL_PROMPT_TOKENS,
      images: 1,
    });
  });

  it('prices each image at the model’s largest image cost (gpt-4o-mini’s tiles are dearer in tokens than gpt-4o’s)', () => {
    const sent = { textTokens: 100, images: 2 };
    expect(inputBound(sent, findModel('openai/gpt-4o')!)).toBe(100 + 2 * 1_445);
    expect(inputBound(sent, findModel('openai/gpt-4o-mini')!)).toBe(100 + 2 * 48_169);
    expect(inputBound(sent, findModel('anthropic/claude-sonnet-4-5')!)).toBe(100 + 2 * 1_600);
  });

  it('is never below what mock/echo bills for the same request (bytes / 4, images by the tile rule)', () => {
    const big = { ...request, messages: [...request.messages, { role: 'user' as const, content: 'x'.repeat(12_500) }] };
    for (const sent of [request, big]) expect(inputBound(measureChat(sent), echo)).toBeGreaterThanOrEqual(inputTokens(sent));
  });

  it('measures embeddings by their inputs’ bytes, and writes no output', () => {
    expect(measureEmbeddings(['abc', 'ü'])).toEqual({ textTokens: 3 + 2 + 8, images: 0 });
  });

  it('caps a call that names no limit at the model’s maximum output, less Anthropic’s thinking budget for its effort', () => {
    expect(outputCeiling(findModel('openai/gpt-4o-mini')!, undefined)).toBe(16_384);
    expect(outputCeiling(findModel('anthropic/claude-sonnet-4-5')!, undefined)).toBe(64_000);
    expect(outputCeiling(findModel('anthropic/claude-sonnet-4-5')!, 'high')).toBe(64_000 - 16_384);
    expect(outputCeiling(findModel('ollama/some-local-model')!, undefined)).toBe(4096);
  });

  it('bounds a purpose by its priciest model, reasoning beyond the limit included', () => {
    const sonnet = findModel('anthropic/claude-sonnet-4-5')!;
    const bound = chatBound({ messages: [{ role: 'user', content: 'hi' }], reasoningEffort: 'low' }, [echo, sonnet]);
    const candidates: PricedCandidate[] = bound.candidates.map((model, index) => ({
      model,
      price: index === 0 ? { ...price, inputPerMtok: 0, outputPerMtok: 0 } : price,
      inputTokens: inputBound(bound.measure(), model),
      beyondLimit: model === sonnet ? 2048 : 0,
    }));
    // (16 + 2 + 8) × 2 / 1e6 + (100 + 2048) × 10 / 1e6 USD
    expect(boundAt(candidates, 100)).toBe(toUnits('0.02153200'));
  });

  it('finds the largest limit the room pays for, exactly', () => {
    const candidates: PricedCandidate[] = [{ model: echo, price, inputTokens: 1000, beyondLimit: 0 }];
    const room = toUnits('0.00100000'); // input 0.002 USD… more than the room
    expect(affordableLimit(candidates, room, 4096)).toBeLessThan(0);
    const wider = toUnits('0.01'); // 0.002 input + 800 × 0.00001
    expect(affordableLimit(candidates, wider, 4096)).toBe(800);
    expect(boundAt(candidates, 800)).toBe(wider);
    expect(affordableLimit(candidates, toUnits('1'), 4096)).toBe(4096);
  });

  it('charges input at the dearest way it may be billed: a cache-write price above the input price', () => {
    const anthropicPrice = { inputPerMtok: 3, outputPerMtok: 15, cacheReadPerMtok: 0.3, cacheWritePerMtok: 3.75, currency: 'USD' };
    const candidates: PricedCandidate[] = [{ model: echo, price: anthropicPrice, inputTokens: 1000, beyondLimit: 0 }];
    // 1000 × 3.75 / 1e6 + 100 × 15 / 1e6 USD: every input token written to the cache is the most it can cost
    expect(boundAt(candidates, 100)).toBe(toUnits('0.00525000'));
    expect(affordableLimit(candidates, toUnits('0.00525000'), 4096)).toBe(100);
  });
});
