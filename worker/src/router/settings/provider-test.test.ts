import { type ApiError } from '../../support/api-error';
import { testModelFor } from './provider-test';

const problem = (provider: string, model: unknown) => {
  try {
    testModelFor(provider, model);
  } catch (error) {
    return (error as ApiError).data.params;
  }
  return null;
};

describe('testModelFor', () => {
  it("uses each provider's cheapest chat model unless the admin names one", () => {
    expect(testModelFor('openai', undefined)).toBe('openai/gpt-4o-mini');
    expect(testModelFor('openrouter', '')).toBe('openrouter/openai/gpt-4o-mini');
    expect(testModelFor('mock', null)).toBe('mock/echo');
    expect(testModelFor('openai', 'openai/gpt-4.1')).toBe('openai/gpt-4.1');
    expect(testModelFor('compat', 'compat/my-model')).toBe('compat/my-model');
  });

  it("refuses another provider's model, an embedding model, and compat without a model", () => {
    expect(problem('openai', 'anthropic/claude-sonnet-4-5')).toHaveProperty('model');
    expect(problem('openai', 'openai/text-embedding-3-small')).toHaveProperty('model');
    expect(problem('compat', undefined)).toHaveProperty('model');
  });
});
