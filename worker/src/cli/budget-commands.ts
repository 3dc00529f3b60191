import { readBudgetFields } from '../router/budgets/budget-inputs';
import type { RouterServices } from '../router/router-services';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

/** The scope named by exactly one of --key, --team, --site. */
function scopeOf(flags: Record<string, string | undefined>): { kind: string; value: string } {
  const given = (['key', 'team', 'site'] as const).filter((name) => flags[name] !== undefined);
  if (given.length !== 1) throw new UsageError('Name exactly one scope: --key KEY_ID, --team TEAM or --site URL.');
  return { kind: given[0]!, value: flags[given[0]!]! };
}

/**
 * `budget set|list|remove` (docs/api-notes.md "Budgets"). `set` creates a budget — hard unless
 * `--soft` — or, when that scope already has one for the period, changes its amount, kind and
 * alert URL. Workers see a change within 2 s.
 */
export async function budgetCommand(
  services: { router: Pick<RouterServices, 'budgets'> },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { store } = services.router.budgets;
  switch (action) {
    case 'set': {
      const flags = takeFlags(parsed, ['key', 'team', 'site', 'amount', 'period', 'soft', 'alert-url'], ['amount', 'period']);
      const raw = {
        scope: scopeOf(flags),
        period: flags.period,
        amount: flags.amount,
        hard: flags.soft === undefined,
        alert_url: flags['alert-url'],
      };
      const fields = readBudgetFields(raw);
      const existing = (await store.list()).find(
        (budget) => budget.scopeKind === fields.scopeKind && budget.scopeValue === fields.scopeValue && budget.period === fields.period,
      );
      const kind = fields.hard ? 'hard' : 'soft';
      if (existing) {
        await store.update(existing.id, fields);
        print(
          `Updated ${existing.id}: ${kind} ${fields.period} budget of ${fields.amount} USD for ${fields.scopeKind} ${fields.scopeValue}.`,
        );
        return;
      }
      const { record, alertSecret } = await store.create(fields);
      print(`Created ${record.id}: ${kind} ${record.period} budget of ${record.amount} USD for ${record.scopeKind} ${record.scopeValue}.`);
      print('Alerts are signed (Standard Webhooks) with this secret; store it now, it is not shown again:');
      print(alertSecret);
      return;
    }
    case 'list': {
      takeFlags(parsed, []);
      const budgets = await store.list();
      const spend = await services.router.budgets.ledger.current(budgets, new Date());
      print(['id', 'scope', 'value', 'period', 'kind', 'amount', 'spent', 'reserved', 'alert url'].join('\t'));
      for (const budget of budgets) {
        const now = spend.get(budget.id);
        print(
          [
            budget.id,
            budget.scopeKind,
            budget.scopeValue,
            budget.period,
            budget.hard ? 'hard' : 'soft',
            budget.amount,
            now?.spent ?? '0',
            now?.reserved ?? '0',
            budget.alertUrl ?? '-',
          ].join('\t'),
        );
      }
      return;
    }
    case 'remove': {
      takeFlags(parsed, []);
      const id = parsed.positionals[2];
      if (!id) throw new UsageError('Usage: budget remove BUDGET_ID');
      if (!(await store.remove(id))) throw new UsageError(`No budget has the id ${id}.`);
      print(`Removed ${id}.`);
      return;
    }
    default:
      throw new UsageError('Usage: budget set|list|remove …');
  }
}
