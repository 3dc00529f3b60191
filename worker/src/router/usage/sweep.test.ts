import { VALID_ENVIRONMENT as VALID, problemsOf } from '../../__fixtures__/config-environment';
import { loadConfig } from '../../config';
import { sweepIntervalMs } from './sweep';

describe('the usage sweep (SVC_USAGE_STALE_AFTER_MS)', () => {
  it('defaults to an hour and looks every minute', () => {
    const config = loadConfig(VALID);
    expect(config.usageStaleAfterMs).toBe(3_600_000);
    expect(sweepIntervalMs(config.usageStaleAfterMs)).toBe(60_000);
  });

  it('looks four times per threshold, never more than once a second', () => {
    expect(sweepIntervalMs(8_000)).toBe(2_000);
    expect(sweepIntervalMs(1_000)).toBe(1_000);
  });

  it('refuses a threshold shorter than the longest stream, in one line', () => {
    const problems = problemsOf({ ...VALID, SVC_STREAM_MAX_MS: '600000', SVC_USAGE_STALE_AFTER_MS: '60000' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/SVC_USAGE_STALE_AFTER_MS \(60000\) must be at least SVC_CALL_MAX_MS \(600000\)/);
    expect(problems[0]).not.toContain('\n');
    expect(problemsOf({ ...VALID, SVC_STREAM_MAX_MS: '5000', SVC_USAGE_STALE_AFTER_MS: '8000' })).toEqual([]);
    expect(problemsOf({ ...VALID, SVC_USAGE_STALE_AFTER_MS: 'soon' })[0]).toMatch(/SVC_USAGE_STALE_AFTER_MS must be a whole number/);
  });
});
