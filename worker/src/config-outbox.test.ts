import { VALID_ENVIRONMENT as VALID, problemsOf } from './__fixtures__/config-environment';
import { loadConfig } from './config';

/** The propagation settings of worker/src/config.ts (the rest is in config.test.ts). */

describe('propagation configuration', () => {
  it('defaults to the Standard Webhooks schedule, 1 s polls, 15 s timeouts and no exceptions', () => {
    expect(loadConfig(VALID)).toMatchObject({
      outbox: { pollMs: 1000, timeoutMs: 15_000, scheduleMs: null, outboundAllow: [] },
      expiryIntervalMs: 60_000,
    });
  });

  it('reads a test schedule and allow list', () => {
    const config = loadConfig({
      ...VALID,
      SVC_OUTBOX_SCHEDULE: '0,300ms,600ms,1s',
      SVC_OUTBOUND_ALLOW: '127.0.0.1:9000',
      SVC_OUTBOX_POLL_MS: '200',
      SVC_OUTBOX_TIMEOUT_MS: '3000',
      SVC_EXPIRY_INTERVAL_MS: '500',
    });
    expect(config.outbox).toEqual({ pollMs: 200, timeoutMs: 3000, scheduleMs: [0, 300, 600, 1000], outboundAllow: ['127.0.0.1:9000'] });
    expect(config.expiryIntervalMs).toBe(500);
  });

  it.each([
    ['SVC_OUTBOX_SCHEDULE', '0,1.5s', /comma list of up to 30 delays starting with 0/],
    ['SVC_OUTBOX_SCHEDULE', '1s,2s', /starting with 0/],
    ['SVC_OUTBOX_SCHEDULE', '0,25h', /up to 24h/],
    ['SVC_OUTBOUND_ALLOW', 'localhost', /comma list of host:port/],
    ['SVC_OUTBOX_POLL_MS', 'fast', /whole number/],
    ['SVC_OUTBOX_TIMEOUT_MS', '0', /whole number from 100/],
    ['SVC_EXPIRY_INTERVAL_MS', '-1', /whole number/],
  ])('explains a bad %s in one line', (name, value, message) => {
    const problems = problemsOf({ ...VALID, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
    expect(problems[0]).toContain(name);
    expect(problems[0]).not.toContain('\n');
  });
});
