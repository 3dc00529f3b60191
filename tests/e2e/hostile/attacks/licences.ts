import { randomUUID } from 'node:crypto';
import { randomLoopbackAddress } from '../../../support/loopback';
import { stack } from '../../../support/stack';
import type { HostileCase } from '../hostile-case';
import { downloadPath, licenceFixture, tokenOf } from '../licence-fixture';
import { HOSTILE_ROUTES } from '../route-table';
import { WAYS, type HostileAnswer, type HostileRequest, type Way } from '../ways';

/**
 * The licence server's own attacks (issue 32, docs/commerce.md "Licences and activations" and
 * "Releases and updates"), on every way in, against licence-fixture.ts's data:
 * - download URLs: every character of a real token's payload and signature changed (on the
 *   direct lane; a sample through WordPress), a grant edited after signing, an expired token in
 *   the hub's own format and key, a withdrawn release, a site whose licence lapsed, another site
 *   asking, malformed and oversized tokens: refused (403, 410 when expired), never the zip;
 * - guessed licence keys: every wrong spelling, a revoked key and an edited real key get one
 *   404, byte for byte; a 10 kB key is refused by field; one key tried past the per-key limit
 *   is answered 429 with Retry-After, whatever its spelling, a real key too.
 * Run by licences.test.ts with the checksum of every svc_* table around each case.
 */
const route = (id: string) => HOSTILE_ROUTES.find((row) => row.id === id)!;
const DOWNLOADS = route('license.downloads');
const ACTIVATIONS = route('license.activations.create');
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const perKeyLimit = () => Number(stack().workerEnv.SVC_RATE_LIMIT_ACTIVATIONS_PER_KEY ?? 20);

const get = (target: string, headers: Record<string, string> = {}): HostileRequest => ({ method: 'GET', target, headers });
const codes = (answers: HostileAnswer[]) => answers.map((answer) => `${answer.status} ${answer.body?.code ?? ''}`);

/** Problems unless every answer is `status code` (and, when given, says `message`). */
function allRefused(answers: HostileAnswer[], status: number, code: string, message?: string): string[] {
  return answers.flatMap((answer, index) => {
    if (answer.status === status && answer.body?.code === code && (message === undefined || answer.body?.message === message)) return [];
    return [`request ${index}: ${answer.status} ${answer.text.slice(0, 160)}, wanted ${status} ${code}${message ? ` "${message}"` : ''}`];
  });
}

/** The token with the character at `index` changed in its lowest bit (in the signature's last character, a bit no byte uses). */
function flipped(token: string, index: number): string {
  const changed = BASE64URL[BASE64URL.indexOf(token[index]!) ^ 1]!;
  return `${token.slice(0, index)}${changed}${token.slice(index + 1)}`;
}

function downloadCase(
  way: Way,
  attack: string,
  requests: () => HostileRequest[],
  status: number,
  code: string,
  message?: string,
): HostileCase {
  return {
    family: 'licences',
    attack,
    route: DOWNLOADS,
    way,
    statuses: [status],
    requests,
    check: (answers) => allRefused(answers, status, code, message),
  };
}

/** The grant of a token, edited after signing: the signature kept. */
function edited(token: string, change: Record<string, unknown>): string {
  const [payload, signature] = token.split('.') as [string, string];
  const grant = { ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), ...change };
  return `${Buffer.from(JSON.stringify(grant)).toString('base64url')}.${signature}`;
}

const MALFORMED = [
  '..%2F..%2F..%2Fwp-config.php',
  '%2e%2e%2f%2e%2e%2fworker.env',
  `${'A'.repeat(10_000)}.${'A'.repeat(43)}`,
  '%21%21%21%21.%40%40%40%40',
  'A'.repeat(43),
  '%2B%2F%2B%2F.%2B%2F',
  'abc%00.def',
  '%E2%80%AE%E2%80%AE.x',
];

function downloadCases(way: Way): HostileCase[] {
  const refused = 'svc_download_refused';
  const current = () => tokenOf(licenceFixture.current.path);
  return [
    downloadCase(
      way,
      way === 'direct'
        ? 'every character of a real token changed'
        : 'characters of a real token changed (a sample; all on the direct lane)',
      () => {
        const token = current();
        const positions = [...token].map((_, index) => index).filter((index) => index !== token.indexOf('.'));
        const sample = way === 'direct' ? positions : positions.filter((index, at) => at % 7 === 0 || index >= token.length - 2);
        return sample.map((index) => get(downloadPath(flipped(token, index))));
      },
      403,
      refused,
    ),
    downloadCase(
      way,
      "a withdrawn release's token edited to name the current release, another site, a later expiry",
      () => {
        const token = tokenOf(licenceFixture.withdrawnPath);
        const later = Math.floor(Date.now() / 1000) + 86_400;
        return [{ r: licenceFixture.current.releaseId }, { s: 'https://attacker.example' }, { e: later }].map((change) =>
          get(downloadPath(edited(token, change))),
        );
      },
      403,
      refused,
    ),
    downloadCase(
      way,
      "an expired token in the hub's own format and key",
      () => {
        const { tokens, current: release } = licenceFixture;
        return [Date.now() - 16 * 60_000, Date.now() - 15 * 60_000 - 1000].map((at) =>
          get(downloadPath(tokens.issue(release.releaseId, release.siteUrl, at))),
        );
      },
      410,
      'svc_download_expired',
    ),
    downloadCase(way, 'a token for a release withdrawn since', () => [get(licenceFixture.withdrawnPath)], 403, refused),
    downloadCase(
      way,
      "a token issued while its site was covered, the site's licence lapsed since; a hub-signed one for a site never licensed",
      () => [
        get(licenceFixture.lapsedPath),
        get(downloadPath(licenceFixture.tokens.issue(licenceFixture.current.releaseId, 'https://never-licensed.hostile-licences.com'))),
      ],
      403,
      refused,
      "The site's licence does not cover this product now.",
    ),
    downloadCase(
      way,
      'a hub-signed token naming no release',
      () =>
        [`rel_${'0'.repeat(26)}`, '../../etc/passwd'].map((id) =>
          get(downloadPath(licenceFixture.tokens.issue(id, licenceFixture.current.siteUrl))),
        ),
      403,
      refused,
    ),
    downloadCase(
      way,
      "a covered site's token presented by another site",
      () => [get(licenceFixture.current.path, { 'X-Svc-Site': 'https://attacker.hostile-licences.com' })],
      403,
      refused,
      'This download link was issued to another site.',
    ),
    {
      family: 'licences',
      attack: 'malformed tokens: traversal, 10 kB, not base64url, no signature, NUL, bidi controls',
      route: DOWNLOADS,
      way,
      statuses: [400, 403, 404],
      requests: () => MALFORMED.map((token) => get(downloadPath(token))),
    },
  ];
}

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
