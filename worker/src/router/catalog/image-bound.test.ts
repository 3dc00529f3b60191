import { CATALOG, DEFAULT_IMAGE_TOKENS, findModel } from './models';

describe('the image bound of a model whose row names none', () => {
  it('is at least every documented rule, since an unlisted model may be any listed one behind another name', () => {
    const largest = Math.max(...CATALOG.map((model) => model.imageTokens));
    expect(DEFAULT_IMAGE_TOKENS).toBeGreaterThanOrEqual(largest);
    expect(findModel('openrouter/openai/gpt-4o-mini')!.imageTokens).toBe(DEFAULT_IMAGE_TOKENS);
    expect(findModel('compat/llava')!.imageTokens).toBe(DEFAULT_IMAGE_TOKENS);
  });
});
