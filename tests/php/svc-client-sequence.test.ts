import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messageBody } from '../../worker/src/license/outbox-payload';

/**
 * svc-client's order of deliveries (PHP) against the hub's message bodies (TypeScript): the
 * sequence is read from the signed body only, and a step of more than ten million past the last
 * applied one is a `jump` (refused); the first delivery may carry any sequence.
 */
const MAX_STEP = 10_000_000;

function run(cases: Record<string, unknown>[]): unknown[] {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-client-sequence-')), 'cases.json');
  writeFileSync(path, JSON.stringify(cases));
  const result = spawnSync('php', [join(__dirname, 'svc-client', 'sequence.php'), path], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

describe('svc-client sequence (PHP) against the hub’s message bodies (TypeScript)', () => {
  it('reads the sequence the hub writes into the body, and nothing else', () => {
    const body = (sequence: unknown) => JSON.stringify({ type: 'entitlement.updated', sequence, data: {} });
    expect(
      run([
        { body: messageBody('entitlement.updated', '4211', { site_url: 'https://a.example' }) },
        { body: messageBody('entitlement.updated', String(Number.MAX_SAFE_INTEGER), {}) },
        { body: JSON.stringify({ type: 'entitlement.updated', data: {} }) },
        { body: body('4211') },
        { body: body(4211.5) },
        { body: body(0) },
        { body: body(-4) },
        { body: body(2 ** 64) },
        { body: body(null) },
      ]),
    ).toEqual([4211, Number.MAX_SAFE_INTEGER, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('orders by it: not newer is stale, more than ten million past the last applied is a jump, the first is taken whatever it is', () => {
    expect(
      run([
        { sequence: 41, held: 41 },
        { sequence: 40, held: 41 },
        { sequence: 42, held: 41 },
        { sequence: 41 + MAX_STEP, held: 41 },
        { sequence: 42 + MAX_STEP, held: 41 },
        { sequence: Number.MAX_SAFE_INTEGER, held: 41 },
        { sequence: Number.MAX_SAFE_INTEGER, held: 0 },
      ]),
    ).toEqual(['stale', 'stale', 'new', 'new', 'jump', 'jump', 'new']);
  });
});
