import { ApiError } from '../../support/api-error';
import { anthropicBetas } from './betas';

describe('anthropic-beta (docs/api-notes.md "Anthropic Messages API")', () => {
  it('keeps comma-separated flag names as sent; absent or empty is none; repeated headers are joined', () => {
    expect(anthropicBetas('claude-code-20250219,interleaved-thinking-2025-05-14')).toBe(
      'claude-code-20250219,interleaved-thinking-2025-05-14',
    );
    expect(anthropicBetas(' a-1 , b.2 ')).toBe('a-1 , b.2');
    expect(anthropicBetas(['a-1', 'b-2'])).toBe('a-1, b-2');
    expect(anthropicBetas(undefined)).toBeUndefined();
    expect(anthropicBetas('  ')).toBeUndefined();
  });

  it('refuses anything else naming the header', () => {
    for (const bad of ['a;b', 'a,,b', 'a b', 'x\r\ny', 'a'.repeat(1001)]) {
      const error = (() => {
        try {
          anthropicBetas(bad);
        } catch (thrown) {
          return thrown;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).data.params).toHaveProperty(['anthropic-beta']);
    }
  });
});
