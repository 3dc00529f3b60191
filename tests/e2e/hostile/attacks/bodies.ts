import type { Fixture } from '../fixture';
import { rightful, validTarget, type HostileCase } from '../hostile-case';
import { ATTACKED_ROUTES, type HostileRoute } from '../route-table';
import { WAYS, type Way } from '../ways';

/**
 * Hostile bodies on every route that takes one (every method but GET), on every way. Each
 * body is sent as the route's rightful caller would send it (key, signature, session), so the
 * attack reaches the body's reader. Where a body could still parse, its first field is made
 * invalid: a refused request changes nothing, and no case makes a real (billed) call.
 */
const object = (route: HostileRoute, fixture: Fixture): Record<string, unknown> => {
  const value = route.body?.(fixture);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
};

/** The body's JSON with `raw` as the value of its first field (or of a field `n`). */
function withFirstField(route: HostileRoute, fixture: Fixture, raw: string): string {
  const body = object(route, fixture);
  const [first = 'n'] = Object.keys(body);
  const rest = Object.entries(body)
    .filter(([name]) => name !== first)
    .map(([name, value]) => `,${JSON.stringify(name)}:${JSON.stringify(value)}`);
  return `{${JSON.stringify(first)}:${raw}${rest.join('')}}`;
}

const DEPTH = 10_000;
const HUGE_STRING = 900 * 1024;
const ZEROS = Math.floor((990 * 1024) / 2);

type BodyAttack = [
  name: string,
  bodies: (route: HostileRoute, fixture: Fixture) => (string | Buffer)[],
  contentType?: string,
  headers?: Record<string, string>,
];

export const BODY_ATTACKS: BodyAttack[] = [
  ['malformed JSON', () => ['{"model":', '{,}', "{'a':1}", '{"a":1,}']],
  [
    'truncated JSON',
    (route, fixture) => {
      const text = JSON.stringify(object(route, fixture));
      return [text.slice(0, Math.max(1, Math.floor(text.length / 2))), text.slice(0, -1)];
    },
  ],
  [
    'invalid UTF-8',
    () => [
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      Buffer.from([0x7b, 0x22, 0xc3, 0x22, 0x3a, 0x31, 0x7d]),
      Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0xed, 0xa0, 0x80]),
    ],
  ],
  [
    '10,000-deep nesting',
    (route, fixture) => [
      withFirstField(route, fixture, '['.repeat(DEPTH) + ']'.repeat(DEPTH)),
      withFirstField(route, fixture, '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)),
    ],
  ],
  [
    'duplicate keys',
    (route, fixture) => {
      const text = JSON.stringify(object(route, fixture));
      const [first = 'n'] = Object.keys(object(route, fixture));
      return [text === '{}' ? '{"n":1,"n":2}' : `${text.slice(0, -1)},${JSON.stringify(first)}:{"duplicate":true}}`];
    },
  ],
  [
    'huge numbers',
    (route, fixture) =>
      ['1e400', '18446744073709551616', '-0', '-1e400', '1' + '0'.repeat(5000)].map((number) => withFirstField(route, fixture, number)),
  ],
  ['a 900 KB string', (route, fixture) => [withFirstField(route, fixture, JSON.stringify('x'.repeat(HUGE_STRING)))]],
  ['a 990 KB list of zeros', (route, fixture) => [withFirstField(route, fixture, `[${new Array(ZEROS).fill('0').join(',')}]`)]],
  ['not an object', () => ['[]', 'null', '"text"', '42', '']],
  ['text/plain', (route, fixture) => [JSON.stringify(object(route, fixture))], 'text/plain'],
  ['form-encoded', () => ['model=mock%2Fecho&messages=x'], 'application/x-www-form-urlencoded'],
  ['multipart', () => ['--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'], 'multipart/form-data; boundary=x'],
  ['JSON in another charset', (route, fixture) => [JSON.stringify(object(route, fixture))], 'application/json; charset=latin1'],
  [
    'a gzip claim on plain bytes',
    (route, fixture) => [JSON.stringify(object(route, fixture))],
    'application/json',
    { 'Content-Encoding': 'gzip' },
  ],
];

/** Routes that read a body. */
export const bodyRoutes = () => ATTACKED_ROUTES.filter((route) => route.method !== 'GET');

export function bodyCases(ways: Way[] = WAYS): HostileCase[] {
  return bodyRoutes().flatMap((route) =>
    ways.flatMap((way) =>
      BODY_ATTACKS.map(([attack, bodies, contentType, headers]): HostileCase => ({
        family: 'bodies',
        attack,
        route,
        way,
        requests: (fixture) =>
          bodies(route, fixture).map((body) => {
            const request = rightful(route, way, fixture, validTarget(route, fixture), body, contentType);
            return { ...request, headers: { ...request.headers, ...headers } };
          }),
      })),
    ),
  );
}
