import { ApiError } from '../../support/api-error';
import { parsePrice } from './admin-inputs';

function params(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'svc_invalid_request') return error.data.params as Record<string, string>;
    throw error;
  }
  throw new Error('expected svc_invalid_request');
}

describe('parsePrice', () => {
  it('takes JSON numbers and plain decimal strings; a cache price left out, null or "" keeps the shipped one', () => {
    expect(parsePrice({ input_per_mtok: 0.15, output_per_mtok: '0.60', cache_read_per_mtok: '0.075', cache_write_per_mtok: '' })).toEqual({
      inputPerMtok: 0.15,
      outputPerMtok: 0.6,
      cacheReadPerMtok: 0.075,
      cacheWritePerMtok: null,
      currency: 'USD',
    });
    expect(parsePrice({ input_per_mtok: '0', output_per_mtok: 0 })).toMatchObject({
      inputPerMtok: 0,
      outputPerMtok: 0,
      cacheReadPerMtok: null,
    });
  });

  it('refuses hex, exponents, signs, spaces and separators by field, where Number() took them ("0x10" was 16 USD, 1e-9 was 0)', () => {
    const problems = params(() =>
      parsePrice({ input_per_mtok: '0x10', output_per_mtok: '1e-9', cache_read_per_mtok: ' 1', cache_write_per_mtok: '1_000' }),
    );
    expect(Object.keys(problems)).toEqual(['input_per_mtok', 'output_per_mtok', 'cache_read_per_mtok', 'cache_write_per_mtok']);
    expect(problems.input_per_mtok).toMatch(/^must be a plain decimal such as "0.15"/);
  });

  it('refuses a JSON number that would be stored as 0, or past DECIMAL(12,6)', () => {
    expect(params(() => parsePrice({ input_per_mtok: 1e-9, output_per_mtok: 1_000_000 }))).toEqual({
      input_per_mtok: 'is below 0.000001, the smallest amount stored; give 0 or at least 0.000001',
      output_per_mtok: 'must be below 1000000 (at most 6 digits before the point)',
    });
  });
});
