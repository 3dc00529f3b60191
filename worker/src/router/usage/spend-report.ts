import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { Problems } from '../../support/problems';

/**
 * What a spend report may group by; the expressions are fixed here, the request only names
 * them. A usage row's site is its key's; its customer the site's owner now (license/customers/).
 */
const DIMENSIONS = {
  customer: "COALESCE(cs.customer_id, '')",
  site: "COALESCE(k.site_url, '')",
  team: 'u.team',
  campaign: 'u.campaign',
  model: "COALESCE(u.model, '')",
} as const;
export type SpendDimension = keyof typeof DIMENSIONS;
export const SPEND_DIMENSIONS = Object.keys(DIMENSIONS) as SpendDimension[];

const PERIODS = { day: "DATE_FORMAT(u.started_at, '%Y-%m-%d')", month: "DATE_FORMAT(u.started_at, '%Y-%m')", total: "''" } as const;
export type SpendPeriod = keyof typeof PERIODS;

const DAY = 86_400_000;
const CUSTOMER_ID = /^cus_[0-9A-Z]{26}$/;

export interface SpendQuery {
  by: SpendDimension[];
  period: SpendPeriod;
  from: Date;
  to: Date;
  /** Only this customer's sites (the "what did client X cost me" screen). */
  customer: string | null;
}

export interface SpendRow {
  /** One value per dimension of `by`, in its order ("" = none: a site without a customer, a call without a team). */
  group: Record<string, string>;
  /** `YYYY-MM-DD`, `YYYY-MM` or "" for period total. */
  period: string;
  customer_name: string | null;
  calls: number;
  /** Calls with neither a price nor a provider-reported cost (they count as 0 here). */
  unpriced_calls: number;
  /** USD, 8 decimals: what the providers cost the agency, what it billed (billed = cost where no markup) and the margin. */
  cost: string;
  billed: string;
  margin: string;
}

const date = (value: unknown, name: string, fallback: Date, problems: Problems): Date => {
  if (value === undefined || value === '') return fallback;
  const parsed = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d\d:?\d\d)?)?$/.test(value) ? new Date(value) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) {
    problems.add(name, 'must be an ISO 8601 date or date-time');
    return fallback;
  }
  return parsed;
};

/** `by` (comma-separated, default customer,site), `period` (day | month | total, default month), `from`, `to`, `customer`; 400 naming each bad one. */
export function parseSpendQuery(query: Record<string, unknown>, now: Date = new Date()): SpendQuery {
  const problems = new Problems();
  const byText = query.by === undefined || query.by === '' ? 'customer,site' : query.by;
  const by = typeof byText === 'string' ? byText.split(',').map((name) => name.trim()) : [];
  if (by.length === 0 || by.some((name) => !SPEND_DIMENSIONS.includes(name as SpendDimension)) || new Set(by).size !== by.length)
    problems.add('by', `must be one or more of ${SPEND_DIMENSIONS.join(', ')}, comma-separated, each once`);
  const period = (query.period ?? 'month') as SpendPeriod;
  if (typeof period !== 'string' || !Object.hasOwn(PERIODS, period)) problems.add('period', 'must be day, month or total');
  const to = date(query.to, 'to', now, problems);
  const from = date(query.from, 'from', new Date(to.getTime() - 30 * DAY), problems);
  if (from > to) problems.add('from', 'must not be after to');
  const customer = query.customer === undefined || query.customer === '' ? null : query.customer;
  if (customer !== null && (typeof customer !== 'string' || !CUSTOMER_ID.test(customer)))
    problems.add('customer', 'must be a customer id (cus_…)');
  problems.throwIfAny();
  return { by: by as SpendDimension[], period, from, to, customer: customer as string | null };
}

/**
 * Spend and margin grouped by the query's dimensions and period (docs/api-notes.md "Spend
 * reports"): sums in MySQL's exact DECIMAL, never floats. A call's cost is what it was charged — the
 * provider's reported figure where there is one, else the hub's price (docs/api-notes.md "Billed
 * amount") — and `billed` NULL (no markup) counts as that cost.
 */
export async function spendReport(database: Database, query: SpendQuery): Promise<SpendRow[]> {
  const groups = query.by.map((name, index) => `${DIMENSIONS[name]} AS g${index}`).join(', ');
  const order = [...query.by.map((_name, index) => `g${index}`), 'period'].join(', ');
  const [rows] = await database.pool.query<RowDataPacket[]>(
    `SELECT ${groups}, ${PERIODS[query.period]} AS period, MAX(c.name) AS customer_name, MAX(c.email) AS customer_email,
       COUNT(*) AS calls, SUM(COALESCE(u.provider_cost, u.cost) IS NULL AND u.status = 'ok') AS unpriced_calls,
       CAST(COALESCE(SUM(COALESCE(u.provider_cost, u.cost)), 0) AS DECIMAL(30,8)) AS cost,
       CAST(COALESCE(SUM(COALESCE(u.billed, u.provider_cost, u.cost)), 0) AS DECIMAL(30,8)) AS billed,
       CAST(COALESCE(SUM(COALESCE(u.billed, u.provider_cost, u.cost)), 0) - COALESCE(SUM(COALESCE(u.provider_cost, u.cost)), 0)
         AS DECIMAL(30,8)) AS margin
     FROM ${database.table('usage')} u
     LEFT JOIN ${database.table('api_keys')} k ON k.id = u.key_id
     LEFT JOIN ${database.table('customer_sites')} cs ON cs.site_url = k.site_url
     LEFT JOIN ${database.table('customers')} c ON c.id = cs.customer_id
     WHERE u.started_at >= ? AND u.started_at < ?${query.customer ? ' AND cs.customer_id = ?' : ''}
     GROUP BY ${order} ORDER BY ${order}`,
    query.customer ? [query.from, query.to, query.customer] : [query.from, query.to],
  );
  return rows.map((row) => ({
    group: Object.fromEntries(query.by.map((name, index) => [name, String(row[`g${index}`] ?? '')])),
    period: String(row.period ?? ''),
    customer_name: query.by.includes('customer') ? customerLabel(row) : null,
    calls: Number(row.calls),
    unpriced_calls: Number(row.unpriced_calls ?? 0),
    cost: String(row.cost),
    billed: String(row.billed),
    margin: String(row.margin),
  }));
}

const customerLabel = (row: RowDataPacket): string | null => (row.customer_name ? String(row.customer_name) : (row.customer_email ?? null));
