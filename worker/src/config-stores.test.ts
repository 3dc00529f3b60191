import { VALID_ENVIRONMENT as VALID, problemsOf } from './__fixtures__/config-environment';
import { loadConfig } from './config';

/** Store health and reconcile settings of worker/src/config.ts. */

describe('store operations configuration', () => {
  it('warns after 3 failures, calls a store silent after 24 h and reconciles every 15 minutes by default', () => {
    expect(loadConfig(VALID).stores).toEqual({ warnFailures: 3, silentHours: 24, reconcileIntervalMs: 900_000 });
  });

  it('reads its three variables', () => {
    const config = loadConfig({ ...VALID, SVC_WEBHOOK_WARN_FAILURES: '5', SVC_STORE_SILENT_HOURS: '0', SVC_RECONCILE_INTERVAL_MS: '300' });
    expect(config.stores).toEqual({ warnFailures: 5, silentHours: 0, reconcileIntervalMs: 300 });
  });

  it.each([
    ['SVC_WEBHOOK_WARN_FAILURES', '0', 1],
    ['SVC_STORE_SILENT_HOURS', 'a day', 0],
    ['SVC_RECONCILE_INTERVAL_MS', '50', 100],
  ])('refuses %s=%s, saying what it takes', (name, value, min) => {
    expect(problemsOf({ ...VALID, [name]: value })).toEqual([
      expect.stringMatching(new RegExp(`^${name} must be a whole number from ${min} to `)),
    ]);
  });
});
