import { VALID_ENVIRONMENT as VALID, problemsOf } from './__fixtures__/config-environment';
import { loadConfig } from './config';

/** SVC_STREAM_MAX_MS of worker/src/config.ts (the rest is in config.test.ts). */
describe('stream maximum duration', () => {
  it('is 10 minutes by default and can be set', () => {
    expect(loadConfig(VALID).streamMaxMs).toBe(600_000);
    expect(loadConfig({ ...VALID, SVC_STREAM_MAX_MS: '1500' }).streamMaxMs).toBe(1500);
  });

  it.each(['999', '86400001', '10m', '-1'])('refuses SVC_STREAM_MAX_MS=%s, saying what it takes', (value) => {
    expect(problemsOf({ ...VALID, SVC_STREAM_MAX_MS: value })).toEqual([
      'SVC_STREAM_MAX_MS must be a whole number from 1000 to 86400000 (got "' + value + '").',
    ]);
  });
});

describe('SVC_CALL_MAX_MS', () => {
  it('bounds blocking calls and streams alike, SVC_STREAM_MAX_MS being its older name', () => {
    expect(loadConfig({ ...VALID, SVC_CALL_MAX_MS: '2000' })).toMatchObject({ callMaxMs: 2000, streamMaxMs: 2000 });
    expect(loadConfig({ ...VALID, SVC_STREAM_MAX_MS: '1500' })).toMatchObject({ callMaxMs: 1500, streamMaxMs: 1500 });
    expect(loadConfig({ ...VALID, SVC_CALL_MAX_MS: '3000', SVC_STREAM_MAX_MS: '1500' }).callMaxMs).toBe(3000);
    expect(() => loadConfig({ ...VALID, SVC_CALL_MAX_MS: '10' })).toThrow(/SVC_CALL_MAX_MS must be a whole number from 1000/);
  });
});

describe('SVC_TRUST_PROXY', () => {
  it('takes proxy addresses and refuses a value that trusts anyone', () => {
    expect(loadConfig({ ...VALID, SVC_TRUST_PROXY: 'loopback, 10.0.0.5' }).trustProxy).toBe('loopback,10.0.0.5');
    expect(loadConfig(VALID).trustProxy).toBeUndefined();
    expect(problemsOf({ ...VALID, SVC_TRUST_PROXY: 'true' })[0]).toMatch(/^SVC_TRUST_PROXY must be a comma list of proxy addresses/);
  });
});
