import type { Fixture } from '../fixture';
import { rightful, type HostileCase } from '../hostile-case';
import { fillPath, HOSTILE_ROUTES, type HostileRoute } from '../route-table';
import { WAYS, type HostileAnswer, type Way } from '../ways';

/**
 * Money and counts in hostile spellings (hostile input, round 2, item 10; docs/api-notes.md
 * "Money and counts"): each admin route that takes an amount or a count gets an otherwise valid
 * body — one that would be stored — with the field spelt as `Number()` would have read it
 * ("0x10" as 16, "1e-9" as 0.000000001, stored as 0), below the column's smallest amount or past
 * its digits, on every way in. Each must be 400 naming exactly that field, with nothing stored.
 */
const find = (method: string, path: string) => HOSTILE_ROUTES.find((route) => route.method === method && route.path === path)!;
const ADMIN = '/wp-json/svc-hub/v1/admin';

const SPELLINGS: unknown[] = [
  '0x10',
  '1e3',
  '1e-9',
  ' 1',
  '+1',
  '-0',
  'Infinity',
  'NaN',
  '1_000',
  '١٢',
  '0.0000000001',
  '100000000000',
  1e-9,
  1e21,
];
const COUNT_SPELLINGS: unknown[] = ['0x10', '1e3', ' 7', '+7', '-0', '١٢', '07', '7.0', 1.5];

interface Target {
  route: HostileRoute;
  field: string;
  spellings: unknown[];
  body: (fixture: Fixture, value: unknown) => Record<string, unknown>;
  params?: (fixture: Fixture) => Record<string, string>;
}

const pkg = (fixture: Fixture, price: unknown, days: unknown = 30) => ({
  package_id: `${fixture.packageId}-money`,
  name: 'Money',
  price: { amount: price, currency: 'EUR' },
  features: ['module.hostile'],
  duration_days: days,
});

const TARGETS: Target[] = [
  {
    route: find('PUT', `${ADMIN}/prices/*model`),
    field: 'input_per_mtok',
    spellings: SPELLINGS,
    params: () => ({ model: 'openai/gpt-4o-mini' }),
    body: (_fixture, value) => ({ input_per_mtok: value, output_per_mtok: '0.60' }),
  },
  {
    route: find('PUT', `${ADMIN}/prices/*model`),
    field: 'cache_read_per_mtok',
    spellings: SPELLINGS,
    params: () => ({ model: 'openai/gpt-4o-mini' }),
    body: (_fixture, value) => ({ input_per_mtok: '0.15', output_per_mtok: '0.60', cache_read_per_mtok: value }),
  },
  {
    route: find('POST', `${ADMIN}/budgets`),
    field: 'amount',
    spellings: [...SPELLINGS, '0', 0],
    body: (_fixture, value) => ({
      scope: { kind: 'team', value: 'hostile-money', site_url: 'https://hostile-money.example' },
      period: 'month',
      amount: value,
    }),
  },
  { route: find('POST', `${ADMIN}/packages`), field: 'price.amount', spellings: SPELLINGS, body: (fixture, value) => pkg(fixture, value) },
  {
    route: find('POST', `${ADMIN}/packages`),
    field: 'duration_days',
    spellings: COUNT_SPELLINGS,
    body: (fixture, value) => pkg(fixture, '49.00', value),
  },
  {
    route: find('PUT', `${ADMIN}/packages/:id`),
    field: 'price.amount',
    spellings: SPELLINGS,
    params: (fixture) => ({ id: fixture.packageId }),
    body: (fixture, value) => pkg(fixture, value),
  },
];

function namesOnly(field: string) {
  return (answers: HostileAnswer[]): string[] =>
    answers.flatMap((answer) => {
      const params = answer.body?.data?.params as Record<string, unknown> | undefined;
      return answer.body?.code === 'svc_invalid_request' && params && Object.keys(params).join() === field
        ? []
        : [`expected svc_invalid_request naming only ${field}, got ${answer.text.slice(0, 200)}`];
    });
}

export function moneyCases(ways: Way[] = WAYS): HostileCase[] {
  return TARGETS.flatMap((target) =>
    ways.flatMap((way) =>
      target.spellings.map((value): HostileCase => ({
        family: 'money',
        attack: `${target.field} ${JSON.stringify(value)}`,
        route: target.route,
        way,
        statuses: [400],
        check: namesOnly(target.field),
        requests: (fixture) => {
          const path = target.params ? fillPath(target.route, target.params(fixture)) : target.route.path;
          return [rightful(target.route, way, fixture, path, JSON.stringify(target.body(fixture, value)))];
        },
      })),
    ),
  );
}
