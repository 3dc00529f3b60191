import type { CustomerDirectory } from '../license/customers/customer-directory';
import { readBudgetFields } from '../router/budgets/budget-inputs';
import { NEEDS_SITE_WARNING, needsSite } from '../router/budgets/budget-scope';
import { managedReason } from '../router/budgets/managed-budgets';
import type { RouterServices } from '../router/router-services';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

const SCOPE_USAGE =
  'Name one scope: --key KEY_ID, --team TEAM --site URL (a team is a label within a site), --site URL or --customer CUSTOMER_ID.';

/** The scope: --key, --team with its --site, --site alone, or --customer. */
function scopeOf(flags: Record<string, string | undefined>): { kind: string; value: string; site_url?: string } {
  if (flags.team !== undefined) {
    if (flags.site === undefined || flags.key !== undefined || flags.customer !== undefined) throw new UsageError(SCOPE_USAGE);
    return { kind: 'team', value: flags.team, site_url: flags.site };
  }
  const given = (['key', 'site', 'customer'] as const).filter((name) => flags[name] !== undefined);
  if (given.length !== 1) throw new UsageError(SCOPE_USAGE);
  return { kind: given[0]!, value: flags[given[0]!]! };
}

/**
 * `budget set|list|remove` (docs/api-notes.md "Budgets"). `set` creates a budget — hard unless
 * `--soft` — or, when that scope already has one for the period, changes its amount, kind and
 * alert URL. Workers see a change within 2 s.
 */
export async function budgetCommand(
  services: { router: Pick<RouterServices, 'budgets'>; customers: CustomerDirectory },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { store } = services.router.budgets;
  switch (action) {
    case 'set':
    case 'create': {
      const flags = takeFlags(parsed, ['key', 'team', 'site', 'customer', 'amount', 'period', 'soft', 'alert-url'], ['amount', 'period']);
      const raw = {
        scope: scopeOf(flags),
        period: flags.period,
        amount: flags.amount,
        hard: flags.soft === undefined,
        alert_url: flags['alert-url'],
      };
      const fields = readBudgetFields(raw);
      if (fields.scopeKind === 'customer' && !(await services.customers.store.find(fields.scopeValue)))
        throw new UsageError(`No customer has the id ${fields.scopeValue} (customer list shows them).`);
      const existing = (await store.list()).find(
        (budget) =>
          budget.role === 'limit' &&
          budget.scopeKind === fields.scopeKind &&
          budget.scopeValue === fields.scopeValue &&
          budget.scopeSite === fields.scopeSite &&
          budget.period === fields.period,
      );
      const scope = `${fields.scopeKind} ${fields.scopeValue}${fields.scopeSite ? ` of ${fields.scopeSite}` : ''}`;
      const kind = fields.hard ? 'hard' : 'soft';
      if (existing) {
        await store.update(existing.id, fields);
        print(`Updated ${existing.id}: ${kind} ${fields.period} budget of ${fields.amount} USD for ${scope}.`);
        return;
      }
      const { record, alertSecret } = await store.create(fields);
      print(`Created ${record.id}: ${kind} ${record.period} budget of ${record.amount} USD for ${scope}.`);
      print('Alerts are signed (Standard Webhooks) with this secret; store it now, it is not shown again:');
      print(alertSecret);
      return;
    }
    case 'list': {
      takeFlags(parsed, []);
      const budgets = await store.list();
      const spend = await services.router.budgets.ledger.current(budgets, new Date());
      print(['id', 'scope', 'value', 'site', 'period', 'kind', 'role', 'amount', 'spent', 'reserved', 'alert url'].join('\t'));
      for (const budget of budgets) {
        const now = spend.get(budget.id);
        print(
          [
            budget.id,
            budget.scopeKind,
            budget.scopeValue,
            budget.scopeSite ?? '-',
            budget.period,
            budget.hard ? 'hard' : 'soft',
            budget.role,
            budget.amount,
            now?.spent ?? '0',
            now?.reserved ?? '0',
            budget.alertUrl ?? '-',
          ].join('\t'),
        );
        if (needsSite(budget)) print(`  warning: ${NEEDS_SITE_WARNING}`);
      }
      return;
    }
    case 'remove': {
      takeFlags(parsed, []);
      const id = parsed.positionals[2];
      if (!id) throw new UsageError('Usage: budget remove BUDGET_ID');
      const budget = await store.find(id);
      if (!budget) throw new UsageError(`No budget has the id ${id}.`);
      const managed = managedReason(budget);
      if (managed) throw new UsageError(managed);
      if (!(await store.remove(id))) throw new UsageError(`No budget has the id ${id}.`);
      print(`Removed ${id}.`);
      return;
    }
    default:
      throw new UsageError('Usage: budget set|list|remove …');
  }
}
