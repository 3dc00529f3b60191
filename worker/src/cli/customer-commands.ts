import type { Database } from '../db/connections';
import type { CustomerDirectory } from '../license/customers/customer-directory';
import { spendCsv } from '../router/usage/spend-csv';
import { parseSpendQuery, spendReport } from '../router/usage/spend-report';
import { normaliseSiteUrl } from '../support/site-url';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

/**
 * `customer list|show|assign` (docs/api-notes.md "Customers and tenancy"): customers come from
 * paid WooCommerce orders; `assign SITE CUSTOMER_ID` gives a site to one (a later order does
 * not change it). Workers see an assignment within 2 s.
 */
export async function customerCommand(
  services: { customers: CustomerDirectory },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { store } = services.customers;
  takeFlags(parsed, []);
  switch (action) {
    case 'list': {
      print(['id', 'name', 'email', 'store', 'woo customer', 'sites'].join('\t'));
      for (const customer of await store.list())
        print(
          [
            customer.id,
            customer.name || '-',
            customer.email ?? '-',
            customer.store ?? 'this site',
            customer.wooCustomerId ?? 'guest',
            customer.sites.join(' ') || '-',
          ].join('\t'),
        );
      return;
    }
    case 'show': {
      const id = parsed.positionals[2];
      const customer = id ? await store.find(id) : null;
      if (!customer) throw new UsageError(id ? `No customer has the id ${id}.` : 'Usage: customer show CUSTOMER_ID');
      print(`${customer.id}  ${customer.name || '(no name)'}  ${customer.email ?? '(no email)'}`);
      print(`store: ${customer.store ?? 'WooCommerce on this site'}; WooCommerce customer: ${customer.wooCustomerId ?? 'guest'}`);
      print(`sites: ${customer.sites.join(', ') || '(none)'}`);
      return;
    }
    case 'assign': {
      const [site, id] = parsed.positionals.slice(2);
      const siteUrl = normaliseSiteUrl(site);
      if (!siteUrl || !id) throw new UsageError('Usage: customer assign SITE_URL CUSTOMER_ID');
      if (!(await services.customers.assign(siteUrl, id))) throw new UsageError(`No customer has the id ${id}.`);
      print(`${siteUrl} now belongs to ${id}.`);
      return;
    }
    default:
      throw new UsageError('Usage: customer list|show CUSTOMER_ID|assign SITE_URL CUSTOMER_ID');
  }
}

/** `report spend [--by customer,site,team,campaign,model] [--period day|month|total] [--from D] [--to D] [--customer ID] [--csv]`. */
export async function reportCommand(
  services: { database: Database },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  if (action !== 'spend')
    throw new UsageError('Usage: report spend [--by …] [--period day|month|total] [--from D] [--to D] [--customer ID] [--csv]');
  const flags = takeFlags(parsed, ['by', 'period', 'from', 'to', 'customer', 'csv']);
  const query = parseSpendQuery({ by: flags.by, period: flags.period, from: flags.from, to: flags.to, customer: flags.customer });
  const rows = await spendReport(services.database, query);
  if (flags.csv !== undefined) {
    print(spendCsv(query, rows).trimEnd().replace(/\r\n/g, '\n'));
    return;
  }
  print([...query.by, 'period', 'calls', 'cost', 'billed', 'margin'].join('\t'));
  for (const row of rows)
    print(
      [...query.by.map((name) => row.group[name] || '-'), row.period || 'total', row.calls, row.cost, row.billed, row.margin].join('\t'),
    );
}
