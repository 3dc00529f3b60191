import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * svc-client's checks of the hub's AI figures (PHP, Svc_Client_Ai_Figures): the `ai` block of
 * `GET /svc-license/v1/entitlement` and the `ai.threshold` alert as docs/architecture.md §5
 * shapes them are taken, normalised to 8 places; anything else — a negative, a word, a JSON
 * number, a huge string, a wrong type — is refused with the path of the first wrong field and
 * never its value. Sums are exact (10⁻⁸ units), never floats.
 */
function run(cases: Record<string, unknown>[]): unknown[] {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-client-ai-figures-')), 'cases.json');
  writeFileSync(path, JSON.stringify(cases));
  const result = spawnSync('php', [join(__dirname, 'svc-client', 'ai-figures.php'), path], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

/** A block as the hub sends it (contracts of issue 27). */
const block = () => ({
  currency: 'USD',
  allowance: { amount: '5.00000000', period: 'month', used: '4.1', resets_at: '2026-12-01T00:00:00.000Z' },
  credits: { balance: '12.5' },
  overage: { mode: 'bill', cap: '20', used: '0' },
  alerts: [
    { threshold: 50, reached_at: '2026-11-10T08:00:00.000Z' },
    { threshold: 80, reached_at: '2026-11-20T08:00:00+01:00' },
  ],
});

describe('svc-client AI figures (PHP)', () => {
  it('takes the hub’s block and alert, every figure with 8 places; null is "no AI figures"', () => {
    const alert = { threshold: 80, used: '4.00000000', amount: '5.00000000', currency: 'USD', resets_at: null };
    const noAllowance = { ...block(), allowance: null, overage: null, alerts: [] };
    const credits = { ...alert, amount: '10', kind: 'credits' };
    expect(run([{ block: block() }, { block: noAllowance }, { block: null }, { alert }, { alert: credits }])).toEqual([
      [
        {
          currency: 'USD',
          allowance: { amount: '5.00000000', period: 'month', used: '4.10000000', resets_at: '2026-12-01T00:00:00.000Z' },
          credits: { balance: '12.50000000' },
          overage: { mode: 'bill', cap: '20.00000000', used: '0.00000000' },
          alerts: block().alerts,
        },
        '',
      ],
      [{ ...noAllowance, credits: { balance: '12.50000000' } }, ''],
      [null, ''],
      [{ ...alert, kind: 'allowance' }, ''], // no kind: an allowance's alert
      [{ ...credits, amount: '10.00000000' }, ''],
    ]);
  });

  it('refuses a malformed block with the first wrong field, never its value', () => {
    const huge = '9'.repeat(100_000);
    const withAllowance = (field: string, value: unknown) => ({
      block: { ...block(), allowance: { ...block().allowance, [field]: value } },
    });
    const cases: [Record<string, unknown>, string][] = [
      [withAllowance('used', '-1.00000000'), 'ai.allowance.used is not a decimal'],
      [withAllowance('used', 'lots'), 'ai.allowance.used is not a decimal'],
      [withAllowance('used', 4.1), 'ai.allowance.used is not a decimal'],
      [withAllowance('used', 4), 'ai.allowance.used is not a decimal'],
      [withAllowance('amount', huge), 'ai.allowance.amount is not a decimal'],
      [withAllowance('amount', '12345678901'), 'ai.allowance.amount is not a decimal'],
      [withAllowance('amount', '1.123456789'), 'ai.allowance.amount is not a decimal'],
      [withAllowance('amount', '1e3'), 'ai.allowance.amount is not a decimal'],
      [withAllowance('amount', ' 5'), 'ai.allowance.amount is not a decimal'],
      [withAllowance('amount', ['5']), 'ai.allowance.amount is not a decimal'],
      [withAllowance('period', 'week'), 'ai.allowance.period is not one of month, year, term, total'],
      [withAllowance('resets_at', 'tomorrow'), 'ai.allowance.resets_at is not an ISO 8601 time'],
      [withAllowance('resets_at', 1767225600), 'ai.allowance.resets_at is not an ISO 8601 time'],
      [{ block: { ...block(), allowance: 'lots' } }, 'ai.allowance is not an object'],
      [{ block: { ...block(), allowance: [1, 2] } }, 'ai.allowance is not an object'],
      [{ block: { ...block(), credits: { balance: null } } }, 'ai.credits.balance is not a decimal'],
      [{ block: { ...block(), credits: '12' } }, 'ai.credits is not an object'],
      [{ block: { ...block(), credits: undefined } }, 'ai.credits is not an object'],
      [{ block: { ...block(), currency: 'usd' } }, 'ai.currency is not a currency code'],
      [{ block: { ...block(), currency: huge } }, 'ai.currency is not a currency code'],
      [{ block: { ...block(), overage: { mode: 'free', cap: '1', used: '0' } } }, 'ai.overage.mode is not one of stop, bill'],
      [{ block: { ...block(), alerts: { first: { threshold: 50 } } } }, 'ai.alerts is not a list'],
      [
        { block: { ...block(), alerts: [{ threshold: '80', reached_at: '2026-11-20T08:00:00Z' }] } },
        'ai.alerts[0].threshold is not one of 50, 80, 100',
      ],
      [
        { block: { ...block(), alerts: [{ threshold: 90, reached_at: '2026-11-20T08:00:00Z' }] } },
        'ai.alerts[0].threshold is not one of 50, 80, 100',
      ],
      [{ block: 'USD 5' }, 'ai is not an object'],
      [{ block: [block()] }, 'ai is not an object'],
      [{ block: true }, 'ai is not an object'],
    ];
    const answers = run(cases.map(([input]) => input)) as [unknown, string][];
    answers.forEach(([value, problem], index) => {
      expect([index, value, problem.slice(0, cases[index]![1].length)]).toEqual([index, null, cases[index]![1]]);
      expect(problem.length).toBeLessThan(120);
    });
  });

  it('refuses a malformed alert', () => {
    const alert = { threshold: 80, used: '4', amount: '5', currency: 'USD', resets_at: null };
    const answers = run([
      { alert: { ...alert, threshold: 75 } },
      { alert: { ...alert, used: '-4' } },
      { alert: { ...alert, amount: 5 } },
      { alert: { ...alert, currency: null } },
      { alert: { ...alert, resets_at: '2026-13-45' } },
      { alert: { ...alert, kind: 'budget' } },
      { alert: 'crossed' },
      { alert: null },
    ]) as [unknown, string][];
    expect(answers).toEqual([
      [null, 'data.threshold is not one of 50, 80, 100'],
      [null, 'data.used is not a decimal string of at most 10 digits and 8 places'],
      [null, 'data.amount is not a decimal string of at most 10 digits and 8 places'],
      [null, 'data.currency is not a currency code'],
      [null, 'data.resets_at is not an ISO 8601 time'],
      [null, 'data.kind is not one of allowance, credits'],
      [null, 'data is not an object'],
      [null, 'data is not an object'],
    ]);
  });

  it('sums exactly: remaining never below 0, percent rounded down and at most 100', () => {
    expect(
      run([
        { amount: '5.00000000', used: '1.20000000' },
        { amount: '0.30000000', used: '0.10000000' },
        { amount: '5.00000000', used: '7.50000000' },
        { amount: '9999999999.99999999', used: '0.00000001' },
        { amount: '0.00000000', used: '0.00000000' },
        { amount: '3.00000000', used: '2.99999999' },
      ]),
    ).toEqual([
      ['3.80000000', 24, '1.20'],
      ['0.20000000', 33, '0.10'],
      ['0.00000000', 100, '7.50'],
      ['9999999999.99999998', 0, '0.00000001'],
      ['0.00000000', 0, '0.00'],
      ['0.00000001', 99, '2.99999999'],
    ]);
  });
});
