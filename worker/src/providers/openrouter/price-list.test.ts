import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOpenRouterPriceList, perMillionTokens, PriceListError } from './price-list';

const listed = JSON.parse(readFileSync(join(__dirname, '../__fixtures__/openrouter-models-synthetic.json'), 'utf8')) as {
  data: Array<Record<string, unknown>>;
};

describe('OpenRouter price list', () => {
  it('moves the point six places, exactly, rounding past 6 decimals half up', () => {
    expect(perMillionTokens('0.00000015')).toBe('0.150000');
    expect(perMillionTokens('0.000000075')).toBe('0.075000');
    expect(perMillionTokens('0.000004')).toBe('4.000000');
    expect(perMillionTokens('0')).toBe('0.000000');
    expect(perMillionTokens('0.0000000000015')).toBe('0.000002');
    expect(perMillionTokens('0.0000000000014')).toBe('0.000001');
    expect(perMillionTokens('-1')).toBeNull();
  });

  it('reads the priced models with their cache prices, and refuses variable and absurd prices by name', () => {
    const { prices, refused } = parseOpenRouterPriceList(listed);
    expect(prices).toEqual([
      {
        model: 'openai/gpt-4o-mini',
        inputPerMtok: '0.150000',
        outputPerMtok: '0.600000',
        cacheReadPerMtok: '0.075000',
        cacheWritePerMtok: null,
      },
      {
        model: 'anthropic/claude-3.5-haiku',
        inputPerMtok: '0.800000',
        outputPerMtok: '4.000000',
        cacheReadPerMtok: '0.080000',
        cacheWritePerMtok: '1.000000',
      },
      {
        model: 'meta-llama/llama-4-maverick',
        inputPerMtok: '0.200000',
        outputPerMtok: '0.800000',
        cacheReadPerMtok: null,
        cacheWritePerMtok: null,
      },
      {
        model: 'mistralai/mistral-7b-instruct:free',
        inputPerMtok: '0.000000',
        outputPerMtok: '0.000000',
        cacheReadPerMtok: null,
        cacheWritePerMtok: null,
      },
    ]);
    expect(refused).toEqual([
      { model: 'openrouter/auto', reason: expect.stringContaining('-1 where the price varies per call') },
      { model: 'example/overpriced', reason: 'a price over 10000 USD per million tokens' },
    ]);
  });

  it('refuses an id the hub cannot name, and keeps the rest', () => {
    const { prices, refused } = parseOpenRouterPriceList({
      data: [...listed.data.slice(0, 1), { id: 'bad id; DROP', pricing: { prompt: '0', completion: '0' } }],
    });
    expect(prices).toHaveLength(1);
    expect(refused).toEqual([{ model: 'bad id; DROP', reason: 'an id the hub cannot name' }]);
  });

  it.each([
    [null, 'no "data" list'],
    [{ models: [] }, 'no "data" list'],
    [{ data: {} }, 'no "data" list'],
    [{ data: [] }, 'empty'],
    [{ data: ['openai/gpt-4o'] }, 'data[0] has no model id'],
    [{ data: [{ id: 'a/b' }] }, 'data[0] (a/b) has no pricing.prompt and pricing.completion'],
    [{ data: [{ id: 'a/b', pricing: { prompt: 0.1, completion: '0.2' } }] }, 'no pricing.prompt and pricing.completion strings'],
    [{ data: [{ id: 'a/b', pricing: { prompt: '1e-7', completion: '0' } }] }, 'not a decimal: prompt "1e-7"'],
    [{ data: [{ id: 'a/b', pricing: { prompt: '0', completion: '0', input_cache_read: 'free' } }] }, 'not a decimal: read "free"'],
  ])('throws on a malformed list (%j), naming what is wrong', (body, why) => {
    expect(() => parseOpenRouterPriceList(body)).toThrow(PriceListError);
    expect(() => parseOpenRouterPriceList(body)).toThrow(why);
  });
});
