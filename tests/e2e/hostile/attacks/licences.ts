import { randomUUID } from 'node:crypto';
import { randomLoopbackAddress } from '../../../support/loopback';
import { stack } from '../../../support/stack';
import type { HostileCase } from '../hostile-case';
import { licenceFixture } from '../licence-fixture';
import { HOSTILE_ROUTES } from '../route-table';
import { WAYS, type HostileAnswer, type Way } from '../ways';
import { downloadCases } from './licence-downloads';

/**
 * The licence server's own attacks (issue 32, docs/commerce.md "Licences and activations" and
 * "Releases and updates"), on every way in, against licence-fixture.ts's data:
 * - download URLs (attacks/licence-downloads.ts);
 * - guessed licence keys: every wrong spelling, a revoked key and an edited real key get one
 *   404, byte for byte; a 10 kB key is refused by field; one key tried past the per-key limit
 *   is answered 429 with Retry-After, whatever its spelling, a real key too.
 * Run by licences.test.ts with the checksum of every svc_* table around each case.
 */
const ACTIVATIONS = HOSTILE_ROUTES.find((row) => row.id === 'license.activations.create')!;
const perKeyLimit = () => Number(stack().workerEnv.SVC_RATE_LIMIT_ACTIVATIONS_PER_KEY ?? 20);
const codes = (answers: HostileAnswer[]) => answers.map((answer) => `${answer.status} ${answer.body?.code ?? ''}`);

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const randomGroup = () => Array.from({ length: 4 }, () => CROCKFORD[Math.floor(Math.random() * 32)]).join('');
const guessedKey = () => `SVC-${Array.from({ length: 6 }, randomGroup).join('-')}`;

const activation = (from: string, licenseKey: string, siteUrl = `https://guess-${randomUUID().slice(0, 8)}.hostile-licences.com`) => ({
  method: 'POST',
  target: ACTIVATIONS.path,
  from,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ license_key: licenseKey, site_url: siteUrl }),
});

/** An answer but for what differs from one request to the next anyway: its request id and the clock. */
function publicAnswer(answer: HostileAnswer): string {
  const headers = Object.entries(answer.headers).filter(([name]) => name !== 'x-request-id' && name !== 'date');
  return JSON.stringify({ status: answer.status, headers, body: answer.text });
}

/** Wrong keys of every spelling: each a key of its own (its own per-key window). */
function wrongKeys(): string[] {
  const real = licenceFixture.seatedKeys[0]!;
  const oneChanged = `${real.slice(0, -1)}${real.endsWith('0') ? '1' : '0'}`;
  return [
    guessedKey(),
    guessedKey().toLowerCase(),
    guessedKey().replace(/-/g, ' '),
    ` ${guessedKey().split('').join(' ')} `,
    guessedKey().replace('SVC', 'ЅVС'),
    guessedKey().replace(/[0-9]/g, (digit) => String.fromCharCode(0xff10 + Number(digit))),
    `SVC-${randomGroup()}${randomGroup()}-${randomGroup()}`,
    `SVC-${randomGroup()}-${randomGroup()}-${randomGroup()}-${randomGroup()}-${randomGroup()}-${randomGroup()}-${randomGroup()}`,
    `XYZ-${guessedKey().slice(4)}`,
    'x'.repeat(80),
    licenceFixture.revokedKey,
    oneChanged,
  ];
}

function activationCases(way: Way, index: number): HostileCase[] {
  const limit = perKeyLimit();
  const over = 3;
  return [
    {
      family: 'licences',
      attack: 'wrong keys of every spelling, a revoked key and a real key with one character changed, answered alike',
      route: ACTIVATIONS,
      way,
      statuses: [404],
      requests: () => {
        const from = randomLoopbackAddress();
        return wrongKeys().map((key) => activation(from, key));
      },
      check: (answers) => {
        const [first, ...others] = answers.map(publicAnswer);
        return others.flatMap((other, at) => (other === first ? [] : [`answer ${at + 1} differs from the first:\n  ${first}\n  ${other}`]));
      },
    },
    {
      family: 'licences',
      attack: 'a 10 kB key and an 81-character key',
      route: ACTIVATIONS,
      way,
      statuses: [400],
      requests: () => ['K'.repeat(10_240), `${guessedKey()}-${'X'.repeat(47)}`].map((key) => activation(randomLoopbackAddress(), key)),
      check: (answers) =>
        answers.flatMap((answer) =>
          answer.body?.code === 'svc_invalid_request' && Object.keys(answer.body?.data?.params ?? {}).join() === 'license_key'
            ? []
            : [`not refused naming license_key alone: ${answer.text.slice(0, 200)}`],
        ),
    },
    perKeyFlood(
      way,
      'one guessed key in four spellings',
      () => {
        const key = guessedKey();
        const spellings = [key, key.toLowerCase(), key.replace(/-/g, ''), key.replace(/0/g, 'O').replace(/1/g, 'l')];
        return Array.from({ length: limit + over }, (_, at) => spellings[at % spellings.length]!);
      },
      404,
      limit,
      over,
    ),
    // The fixture's activation that took the seat may still be in this key's window.
    perKeyFlood(
      way,
      'a real key whose one seat is taken',
      () => Array(limit + over).fill(licenceFixture.seatedKeys[index]!),
      409,
      limit,
      over,
      1,
    ),
  ];
}

/**
 * `limit + over` attempts on one key, each from another address and for another site: the first
 * `limit` answered `first` (`counted` fewer when up to that many attempts may already be in the
 * key's window), then 429.
 */
function perKeyFlood(way: Way, what: string, keys: () => string[], first: number, limit: number, over: number, counted = 0): HostileCase {
  return {
    family: 'licences',
    attack: `${what}: ${limit + over} attempts from as many addresses and sites`,
    route: ACTIVATIONS,
    way,
    statuses: [first, 429],
    requests: () => keys().map((key) => activation(randomLoopbackAddress(), key)),
    check: (answers) => {
      const got = answers.map((answer) => answer.status).join(',');
      const allowed = Array.from({ length: counted + 1 }, (_, earlier) =>
        [...Array(limit - earlier).fill(first), ...Array(over + earlier).fill(429)].join(','),
      );
      const problems = allowed.includes(got) ? [] : [`statuses ${got}, wanted ${allowed.join(' or ')}`];
      for (const answer of answers.filter((item) => item.status === 429)) {
        const retry = answer.body?.data?.retry_after;
        if (answer.body?.code !== 'svc_rate_limited' || !Number.isInteger(retry) || retry < 1 || retry > 60)
          problems.push(`429 not in the documented shape: ${answer.text.slice(0, 200)}`);
        if (answer.headers['retry-after'] !== String(retry))
          problems.push(`Retry-After ${answer.headers['retry-after']}, body says ${retry}`);
      }
      if (problems.length) problems.push(`answers: ${codes(answers).join(' | ')}`);
      return problems;
    },
  };
}

export function licenceCases(): HostileCase[] {
  return WAYS.flatMap((way, index) => [...downloadCases(way), ...activationCases(way, index)]);
}

/** How many seated licences the cases need (one per way). */
export const LICENCE_WAYS = WAYS.length;
