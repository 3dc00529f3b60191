import { rightful, validTarget, type HostileCase } from '../hostile-case';
import { ATTACKED_ROUTES } from '../route-table';
import { WAYS, type Way } from '../ways';

/** SQL and LIKE metacharacters, and a few classic injections, in every query parameter a route reads. */
export const METACHARACTERS = ["'", '"', '%', '_', '\\', '--', ';', '/*', "' OR '1'='1", '1; DROP TABLE x; --', '%%', '\\%', "_%'--"];

export function queryCases(ways: Way[] = WAYS): HostileCase[] {
  return ATTACKED_ROUTES.flatMap((route) =>
    (route.query ?? []).flatMap((parameter) =>
      ways.map((way): HostileCase => ({
        family: 'queries',
        attack: `SQL/LIKE metacharacters in ?${parameter}`,
        route,
        way,
        requests: (fixture) =>
          METACHARACTERS.map((value) =>
            rightful(
              route,
              way,
              fixture,
              `${validTarget(route, fixture)}?${parameter}=${encodeURIComponent(value)}`,
              route.body ? JSON.stringify(route.body(fixture)) : undefined,
            ),
          ),
      })),
    ),
  );
}
