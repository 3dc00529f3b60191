import { toProviderCost } from './provider-cost';
import { toUsage, OPENAI_USAGE } from '../openai-compatible/mappers';

describe('toProviderCost', () => {
  it('turns the reported USD into 8 decimal places', () => {
    expect(toProviderCost(0.0000045)).toBe('0.00000450');
    expect(toProviderCost(4.5e-7)).toBe('0.00000045');
    expect(toProviderCost(0.95)).toBe('0.95000000');
    expect(toProviderCost(0)).toBe('0.00000000');
    expect(toProviderCost('0.0000123')).toBe('0.00001230');
  });

  it('takes no figure a call cannot cost', () => {
    for (const bad of [-0.01, NaN, Infinity, 1e6, '1e-5', '-1', null, undefined, {}, true]) expect(toProviderCost(bad)).toBeUndefined();
  });

  it("is read only where the dialect trusts the provider's figure (OpenRouter), not from any OpenAI-compatible server", () => {
    const usage = { prompt_tokens: 3, completion_tokens: 2, cost: 0.5 };
    expect(toUsage(usage, OPENAI_USAGE)?.providerCost).toBeUndefined();
    expect(toUsage(usage, { ...OPENAI_USAGE, reportsCost: true })?.providerCost).toBe('0.50000000');
  });
});
