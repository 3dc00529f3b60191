import { DOCUMENTED_STATUSES } from '../answer-checks';
import { rightful, validBody, validTarget, type HostileCase } from '../hostile-case';
import { ATTACKED_ROUTES } from '../route-table';
import { WAYS, type Way } from '../ways';

/**
 * Oversized headers on every route and way: one 12 KB header (under the servers' header
 * limit: the application reads it), a 64 KB header block (over it: the HTTP server refuses
 * before any application code, 431), a 10 KB Authorization value, a 10 KB or mismatched
 * x-api-key, a 10 KB or malformed anthropic-beta, 300 headers, and a long X-Request-Id.
 */
type HeaderAttack = [name: string, headers: () => Record<string, string>, statuses?: number[]];

const many = () => Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`X-Hostile-${index}`, 'v'.repeat(20)]));

export const HEADER_ATTACKS: HeaderAttack[] = [
  ['a 12 KB header', () => ({ 'X-Hostile': 'a'.repeat(12 * 1024) })],
  [
    'a 64 KB header block',
    () => ({ 'X-Hostile-1': 'a'.repeat(32 * 1024), 'X-Hostile-2': 'b'.repeat(32 * 1024) }),
    [...DOCUMENTED_STATUSES, 431],
  ],
  ['a 10 KB Authorization', () => ({ Authorization: `Bearer svc_live_${'x'.repeat(10 * 1024)}` })],
  ['300 headers', many],
  ['a long X-Request-Id', () => ({ 'X-Request-Id': 'r'.repeat(4000) })],
];

/**
 * `x-api-key` and `anthropic-beta`, read only on the Messages routes (docs/api-notes.md
 * "Anthropic Messages API"): attacked there and on one route that ignores them.
 */
const KEY_HEADER_ROUTES = new Set(['router.messages.create', 'router.messages.count-tokens', 'router.chat-completions']);
const KEY_HEADER_ATTACKS: HeaderAttack[] = [
  ['a 10 KB x-api-key', () => ({ 'x-api-key': `svc_live_${'x'.repeat(10 * 1024)}` })],
  ['an x-api-key naming another key than Authorization', () => ({ 'x-api-key': 'svc_live_0000000000000000000000000000' })],
  ['a 10 KB anthropic-beta', () => ({ 'anthropic-beta': 'b'.repeat(10 * 1024) })],
  ['an anthropic-beta that is not flag names', () => ({ 'anthropic-beta': 'claude-code-20250219; <script>' })],
];

export function headerCases(ways: Way[] = WAYS): HostileCase[] {
  return ATTACKED_ROUTES.flatMap((route) =>
    ways.flatMap((way) =>
      [...HEADER_ATTACKS, ...(KEY_HEADER_ROUTES.has(route.id) ? KEY_HEADER_ATTACKS : [])].map(
        ([attack, headers, statuses]): HostileCase => ({
          family: 'headers',
          attack,
          route,
          way,
          statuses,
          bare: statuses ? [431] : undefined,
          requests: (fixture) => {
            const request = rightful(route, way, fixture, validTarget(route, fixture), validBody(route, fixture));
            return [{ ...request, headers: { ...request.headers, ...headers() } }];
          },
        }),
      ),
    ),
  );
}
