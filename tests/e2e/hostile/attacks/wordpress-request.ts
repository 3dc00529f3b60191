import { rightful, validBody, validTarget, type HostileCase } from '../hostile-case';
import { ATTACKED_ROUTES, fillPath, pathParameters, type HostileRoute } from '../route-table';
import { baseUrlOf, onTheWire, WAYS, type HostileAnswer, type Way } from '../ways';
import type { Fixture } from '../fixture';

/**
 * What WordPress's REST server would do to a request before any route (hostile input, round 2,
 * item 7), on every route and way; each case compares the answer with the rightful request's,
 * so both lanes answer alike:
 * - an encoded slash inside each path parameter: WordPress decodes the route first, so it is
 *   never a parameter holding a slash but two segments (never 2xx);
 * - a method override naming no method the hub honours (`_method=FOO`, `.method=TRACE`,
 *   `X-HTTP-Method-Override: OPTIONS`): ignored on both lanes, the rightful answer;
 * - `_envelope`, `_embed` and `_jsonp`: no envelope, no script, the rightful answer;
 * - two Authorization headers on a Bearer route: 400 naming the header, on every way (a raw
 *   socket: an HTTP client would join them first).
 */
const REFUSED = [400, 401, 403, 404, 405];

const withQuery = (target: string, query: string) => `${target}${target.includes('?') ? '&' : '?'}${query}`;

/** Status and error code of two answers must match (the rightful one first). */
const sameAnswer = (answers: HostileAnswer[]): string[] => {
  const [plain, rewritten] = answers;
  const summary = (answer: HostileAnswer | undefined) =>
    `${answer?.status} ${answer?.body?.code ?? ''} ${String(answer?.headers['content-type'] ?? '').split(';')[0]}`;
  return summary(plain) === summary(rewritten)
    ? []
    : [`the rewritten request answered ${summary(rewritten)}, the rightful one ${summary(plain)}`];
};

function encodedSlashCases(route: HostileRoute, way: Way): HostileCase[] {
  return pathParameters(route).map((parameter): HostileCase => ({
    family: 'wordpress-request',
    attack: `%2F in :${parameter}`,
    route,
    way,
    statuses: REFUSED,
    requests: (fixture) =>
      [(valid: string) => `${valid}%2Fx`, (valid: string) => `x%2f${valid}`, (valid: string) => `${valid}%2F..%2Fx`].map((spell) => {
        const values = Object.fromEntries(pathParameters(route).map((name) => [name, route.params![name]!(fixture)]));
        return rightful(
          route,
          way,
          fixture,
          fillPath(route, { ...values, [parameter]: spell(values[parameter]!) }),
          validBody(route, fixture),
        );
      }),
  }));
}

function comparedCase(
  route: HostileRoute,
  way: Way,
  attack: string,
  rewrite: { query?: string; headers?: Record<string, string> },
): HostileCase {
  return {
    family: 'wordpress-request',
    attack,
    route,
    way,
    requests: (fixture) => {
      const body = validBody(route, fixture);
      const target = validTarget(route, fixture);
      const plain = rightful(route, way, fixture, target, body);
      const rewritten = rightful(route, way, fixture, rewrite.query ? withQuery(target, rewrite.query) : target, body);
      return [plain, { ...rewritten, headers: { ...rewritten.headers, ...rewrite.headers } }];
    },
    check: sameAnswer,
  };
}

function twoAuthorizationsCase(route: HostileRoute, way: Way): HostileCase {
  return {
    family: 'wordpress-request',
    attack: 'two Authorization headers',
    route,
    way,
    statuses: [400],
    requests: (fixture: Fixture) => {
      const body = validBody(route, fixture);
      const target = validTarget(route, fixture);
      const key = route.adminScope ? fixture.adminKey.key : fixture.clientA.key;
      const base = baseUrlOf(way);
      const head =
        `${route.method} ${onTheWire(way, target)} HTTP/1.1\r\nHost: ${base.host}\r\n` +
        // One name twice (PHP's built-in server corrupts its header table on names differing in case).
        `Authorization: Bearer ${key}\r\nAuthorization: Bearer ${fixture.clientB.key}\r\n` +
        (body === undefined ? '' : 'Content-Type: application/json\r\n');
      return [{ method: route.method, target, body, rawHead: head }];
    },
    check: (answers) =>
      answers.every((answer) => answer.body?.data?.params?.authorization) ? [] : ['the answer does not name the Authorization header'],
  };
}

export function wordpressRequestCases(ways: Way[] = WAYS): HostileCase[] {
  return ATTACKED_ROUTES.flatMap((route) =>
    ways.flatMap((way) => [
      ...encodedSlashCases(route, way),
      comparedCase(route, way, 'a method override the hub ignores', {
        query: '_method=FOO&.method=TRACE',
        headers: { 'X-HTTP-Method-Override': 'OPTIONS' },
      }),
      comparedCase(route, way, '_envelope, _embed and _jsonp', { query: '_envelope=1&_embed=1&_jsonp=callback' }),
      ...(route.auth === 'bearer' ? [twoAuthorizationsCase(route, way)] : []),
    ]),
  );
}
