import { randomBytes } from 'node:crypto';
import { rightful, signedHeaders, validBody, validTarget, type HostileCase } from '../hostile-case';
import { ATTACKED_ROUTES, type HostileRoute } from '../route-table';
import type { HostileAnswer, Way } from '../ways';

/**
 * The shell's signature (docs/architecture.md §1) on every route straight to the worker: admin and internal
 * routes accept only a fresh, correct, unreplayed signature; public, Bearer and webhook routes
 * refuse any X-Svc-Hub-* header that is not validly signed (nobody claims a client address or a
 * WordPress user without the secret). An admin handler runs only for a real acting user
 * (finding 1). Through WordPress the shell drops a client's own X-Svc-Hub-* headers, so a
 * forged acting user never reaches the worker. The shell's own internal routes (answered by
 * PHP, never forwarded) get the same variants through WordPress.
 */
const now = () => Math.floor(Date.now() / 1000);
const nonce = () => randomBytes(16).toString('hex');

type Variant = [name: string, headers: (route: HostileRoute, target: string, body: string | undefined) => Record<string, string>];

const base = (route: HostileRoute, target: string, body: string | undefined, user: string) => ({
  method: route.method,
  target,
  body,
  auth: route.auth,
  user,
});

export const SIGNATURE_VARIANTS: Variant[] = [
  [
    'a wrong signature',
    (route, target, body) => ({ ...signedHeaders(base(route, target, body, '1')), 'X-Svc-Hub-Signature': `v2=${'0'.repeat(64)}` }),
  ],
  [
    'a signature in the retired scheme v1',
    (route, target, body) => {
      const headers = signedHeaders(base(route, target, body, '1'));
      return { ...headers, 'X-Svc-Hub-Signature': `v1=${headers['X-Svc-Hub-Signature']!.slice(3)}` };
    },
  ],
  ['a signature by another secret', (route, target, body) => signedHeaders({ ...base(route, target, body, '1'), secret: 'x'.repeat(64) })],
  ['a stale timestamp (301 s old)', (route, target, body) => signedHeaders({ ...base(route, target, body, '1'), timestamp: now() - 301 })],
  [
    'a timestamp 330 s ahead (past the 300 s window even after a slow request)',
    (route, target, body) => signedHeaders({ ...base(route, target, body, '1'), timestamp: now() + 330 }),
  ],
  ['a signature over another body', (route, target) => signedHeaders(base(route, target, '{"other":true}', '1'))],
  ['a signature over another path', (route, target, body) => signedHeaders(base(route, `${target}/other`, body, '1'))],
  [
    'a signature over another method',
    (route, target, body) => signedHeaders({ ...base(route, target, body, '1'), method: route.method === 'GET' ? 'DELETE' : 'GET' }),
  ],
  ['a malformed nonce', (route, target, body) => signedHeaders({ ...base(route, target, body, '1'), nonce: 'not-a-nonce' })],
  [
    'a signature without its scheme prefix',
    (route, target, body) => {
      const headers = signedHeaders(base(route, target, body, '1'));
      return { ...headers, 'X-Svc-Hub-Signature': headers['X-Svc-Hub-Signature']!.slice(3) };
    },
  ],
  ['a changed acting user', (route, target, body) => ({ ...signedHeaders(base(route, target, body, '1')), 'X-Svc-Hub-User': '2' })],
  [
    'a changed auth kind',
    (route, target, body) => ({
      ...signedHeaders(base(route, target, body, '1')),
      'X-Svc-Hub-Auth': route.auth === 'admin' ? 'public' : 'admin',
    }),
  ],
  [
    'a changed client address',
    (route, target, body) => ({ ...signedHeaders(base(route, target, body, '1')), 'X-Svc-Hub-Client-Ip': '203.0.113.9' }),
  ],
  ['only an X-Svc-Hub-User header', () => ({ 'X-Svc-Hub-User': '1' })],
];

const SIGNED_ONLY = new Set(['admin', 'internal']);
/** What a validly signed request may claim that must not run an admin handler (finding 1): another auth kind, or no real user. */
const ADMIN_CLAIMS = [
  ...['public', 'bearer', 'webhook', 'internal'].map((auth) => ({ label: `whose auth kind is "${auth}"`, auth, user: '1' })),
  ...['', '0', 'abc', '-1'].map((user) => ({ label: `whose acting user is "${user}"`, auth: 'admin', user })),
];
/** Where each route checks the signature itself: the worker (direct lane) or the shell (through WordPress). */
const wayOf = (route: HostileRoute): Way => (route.servedBy === 'shell' ? 'wordpress' : 'direct');

function invalid(answers: HostileAnswer[]): string[] {
  return answers
    .filter((answer) => answer.body?.code !== 'svc_invalid_signature')
    .map((answer) => `expected svc_invalid_signature, got ${answer.status} ${answer.body?.code}`);
}

export function signatureCases(): HostileCase[] {
  return ATTACKED_ROUTES.flatMap((route): HostileCase[] => {
    const way = wayOf(route);
    const variants = SIGNED_ONLY.has(route.auth) ? [['no signature', () => ({})] as Variant, ...SIGNATURE_VARIANTS] : SIGNATURE_VARIANTS;
    const cases: HostileCase[] = variants.map(([attack, headers]) => ({
      family: 'signatures',
      attack,
      route,
      way,
      statuses: [401],
      check: invalid,
      requests: (fixture) => {
        const target = validTarget(route, fixture);
        const body = validBody(route, fixture);
        const request = rightful(route, way, fixture, target, body);
        const own = Object.fromEntries(Object.entries(request.headers ?? {}).filter(([name]) => !name.startsWith('X-Svc-Hub-')));
        return [{ ...request, headers: { ...own, ...headers(route, target, body) } }];
      },
    }));
    cases.push({
      family: 'signatures',
      attack: 'a replayed signed request',
      route,
      way,
      check: (answers) =>
        answers[1]?.body?.code === 'svc_invalid_signature'
          ? []
          : [`the replay was answered ${answers[1]?.status} ${answers[1]?.body?.code}`],
      requests: (fixture) => {
        const target = validTarget(route, fixture);
        const body = validBody(route, fixture);
        const request = rightful(route, way, fixture, target, body);
        const signed = {
          ...request,
          headers: {
            ...request.headers,
            ...signedHeaders({
              ...base(route, target, body, route.auth === 'admin' ? '1' : ''),
              authorization: request.headers?.Authorization,
              nonce: nonce(),
            }),
          },
        };
        return [signed, signed];
      },
    });
    if (route.auth === 'admin') {
      for (const claim of ADMIN_CLAIMS) {
        cases.push({
          family: 'signatures',
          attack: `a validly signed admin request ${claim.label}`,
          route,
          way: 'direct',
          statuses: [401, 403],
          finding: 'finding 1',
          requests: (fixture) => {
            const target = validTarget(route, fixture);
            const body = validBody(route, fixture);
            return [
              {
                ...rightful(route, 'direct', fixture, target, body),
                headers: {
                  ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
                  ...signedHeaders({ ...base(route, target, body, claim.user), auth: claim.auth }),
                },
              },
            ];
          },
        });
      }
      cases.push({
        family: 'signatures',
        attack: 'forged X-Svc-Hub-* headers through WordPress, anonymous',
        route,
        way: 'wordpress',
        statuses: [401, 403],
        requests: (fixture) => {
          const target = validTarget(route, fixture);
          const body = validBody(route, fixture);
          return [
            {
              method: route.method,
              target,
              body,
              headers: {
                ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
                ...signedHeaders(base(route, target, body, '1')),
              },
            },
          ];
        },
      });
    }
    return cases;
  });
}
