import { VALID_ENVIRONMENT as VALID, problemsOf } from './__fixtures__/config-environment';
import { loadConfig } from './config';

/** SVC_IMAGE_MAX_BYTES and SVC_IMAGE_FETCH_TIMEOUT_MS of worker/src/config.ts (router/request/image-inline.ts). */
describe('image limits', () => {
  it('are 10 MB and 10 s by default and can be set', () => {
    expect(loadConfig(VALID).images).toEqual({ maxBytes: 10_485_760, fetchTimeoutMs: 10_000 });
    expect(loadConfig({ ...VALID, SVC_IMAGE_MAX_BYTES: '2048', SVC_IMAGE_FETCH_TIMEOUT_MS: '500' }).images).toEqual({
      maxBytes: 2048,
      fetchTimeoutMs: 500,
    });
  });

  it('refuses values out of range, saying what they take', () => {
    expect(problemsOf({ ...VALID, SVC_IMAGE_MAX_BYTES: '10MB', SVC_IMAGE_FETCH_TIMEOUT_MS: '99' })).toEqual([
      'SVC_IMAGE_MAX_BYTES must be a whole number from 1024 to 104857600 (got "10MB").',
      'SVC_IMAGE_FETCH_TIMEOUT_MS must be a whole number from 100 to 120000 (got "99").',
    ]);
  });
});
