import type { HostileCase } from '../hostile-case';
import { downloadPath, licenceFixture, tokenOf } from '../licence-fixture';
import { HOSTILE_ROUTES } from '../route-table';
import type { HostileAnswer, HostileRequest, Way } from '../ways';

/**
 * Download URLs under attack (issue 32, docs/commerce.md "Releases and updates"), one way in at a
 * time (attacks/licences.ts runs them on every way): every character of a real token changed
 * (on the direct lane; a sample through WordPress), a grant edited after signing, an expired
 * token in the hub's own format and key, a withdrawn release, a site whose licence lapsed,
 * another site asking, malformed and oversized tokens: refused (403, 410 when expired), never
 * the zip.
 */
const DOWNLOADS = HOSTILE_ROUTES.find((row) => row.id === 'license.downloads')!;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const get = (target: string, headers: Record<string, string> = {}): HostileRequest => ({ method: 'GET', target, headers });

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

export function downloadCases(way: Way): HostileCase[] {
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
