import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webhookSignature } from '../../worker/src/license/propagation-signature';

/**
 * svc-client's PHP verifier accepts exactly what the hub's signer (the outbox's own) signs:
 * one key, a rotation (two signatures, the site holding either), and refuses a tampered body,
 * a stale or future timestamp, another secret, a malformed header.
 */
const secret = () => `whsec_${randomBytes(32).toString('base64')}`;

function verify(cases: Record<string, unknown>[]): string[] {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-client-webhook-')), 'cases.json');
  writeFileSync(path, JSON.stringify(cases));
  const result = spawnSync('php', [join(__dirname, 'svc-client', 'verify-webhook.php'), path], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

describe('svc-client webhook verifier (PHP) against the hub signer (TypeScript)', () => {
  const [held, other] = [secret(), secret()];
  const now = 1_767_225_600;
  const body = '{"type":"entitlement.updated","data":{"site_url":"https://client.example","features":["module.seo"],"note":"ünïcödé"}}';
  const id = 'msg_01JTESTTESTTESTTESTTESTTES';
  const signed = (secrets: string[], timestamp = now, text = body) => webhookSignature(secrets, id, timestamp, text);
  const base = { secret: held, id, timestamp: String(now), body, now };

  it('accepts one signature, and a rotation in either order', () => {
    expect(
      verify([
        { ...base, signature: signed([held]) },
        { ...base, signature: signed([other, held]) },
        { ...base, signature: signed([held, other]) },
        { ...base, signature: signed([held]), now: now + 299 },
      ]),
    ).toEqual(['', '', '', '']);
  });

  it('refuses tampering, other secrets, clock skew and malformed headers', () => {
    expect(
      verify([
        { ...base, signature: signed([held]), body: body.replace('module.seo', 'module.all') },
        { ...base, signature: signed([other]) },
        { ...base, signature: signed([held]), now: now + 301 },
        { ...base, signature: signed([held]), now: now - 301 },
        { ...base, signature: signed([held]), timestamp: `${now}.0` },
        { ...base, signature: signed([held]).replace('v1,', 'v2,') },
        { ...base, signature: '' },
        { ...base, signature: signed([held]), id: '' },
        { ...base, signature: signed([held]), secret: 'not-a-secret' },
        { ...base, signature: signed([held]), id: 'msg_other' },
      ]),
    ).toEqual([
      'no signature matches',
      'no signature matches',
      'webhook-timestamp is more than five minutes from now',
      'webhook-timestamp is more than five minutes from now',
      'webhook-timestamp must be unix seconds',
      'no signature matches',
      'webhook-id and webhook-signature are required',
      'webhook-id and webhook-signature are required',
      'no webhook secret is configured',
      'no signature matches',
    ]);
  });
});
