import { rightful, validBody, type HostileCase } from '../hostile-case';
import { ATTACKED_ROUTES, fillPath, pathParameters } from '../route-table';
import { WAYS, type Way } from '../ways';

/**
 * Control characters and dot segments in every path parameter, one parameter at a time,
 * on every way (both permalink styles through WordPress: `?rest_route=` decodes the route
 * before WordPress sees it). A control character is never a valid id, so it is refused
 * (never 2xx); a dot segment may be resolved by a server on the way (RFC 3986), so it may
 * land on another route — but never 5xx, never a change.
 */
export const CONTROL_CHARACTERS = ['%00', '%0A', '%0D', '%7F', '%1B'];
export const DOT_SEGMENTS = ['.', '..', '%2E%2E', '%2e.', '.%2E', '..%2F..%2F..%2Fwp-config.php', '%2E%2E%2F%2E%2E'];
const REFUSED = [400, 401, 403, 404, 405];

export function pathCases(ways: Way[] = WAYS): HostileCase[] {
  return ATTACKED_ROUTES.flatMap((route) =>
    pathParameters(route).flatMap((parameter) =>
      ways.flatMap((way) => [
        ...CONTROL_CHARACTERS.map((character): HostileCase => ({
          family: 'paths',
          attack: `${character} in :${parameter}`,
          route,
          way,
          statuses: REFUSED,
          // Issue 11: the shell and the worker refuse a control character in any path.
          finding: 'finding 1',
          requests: (fixture) => {
            const valid = route.params![parameter]!(fixture);
            return [`${valid}${character}`, `${character}${valid}`, character, `${valid}${character}x`].map((value) => {
              const target = fillPath(route, {
                ...Object.fromEntries(pathParameters(route).map((name) => [name, route.params![name]!(fixture)])),
                [parameter]: value,
              });
              return rightful(route, way, fixture, target, validBody(route, fixture));
            });
          },
        })),
        {
          family: 'paths',
          attack: `dot segments in :${parameter}`,
          route,
          way,
          requests: (fixture) =>
            DOT_SEGMENTS.map((value) => {
              const target = fillPath(route, {
                ...Object.fromEntries(pathParameters(route).map((name) => [name, route.params![name]!(fixture)])),
                [parameter]: value,
              });
              return rightful(route, way, fixture, target, validBody(route, fixture));
            }),
        },
      ]),
    ),
  );
}
