import type { Request, Response } from 'express';
import { readBudgetFields } from '../../../router/budgets/budget-inputs';
import { BUDGET_ID_PATTERN, type BudgetRecord } from '../../../router/budgets/budget-rows';
import { managedReason } from '../../../router/budgets/managed-budgets';
import { NEEDS_SITE_WARNING, needsSite, scopeToJson } from '../../../router/budgets/budget-scope';
import { resetsAt, windowStart } from '../../../router/budgets/periods';
import type { RouterServices } from '../../../router/router-services';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { context } from '../../server/context';

type Spend = { spent: string; reserved: string; reservations: number; alerted80At: Date | null; alerted100At: Date | null };

const usd = (amount: string) => ({ amount, currency: 'USD' });
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** A budget as admins see it: its current period window's spend, reservations now and the alerts raised in it. */
export function budgetToJson(budget: BudgetRecord, spend: Spend | undefined, now: Date) {
  const reset = resetsAt(budget.period, now);
  return {
    object: 'budget',
    id: budget.id,
    scope: scopeToJson(budget),
    period: budget.period,
    amount: usd(budget.amount),
    hard: budget.hard,
    role: budget.role,
    source: budget.source,
    alert_url: budget.alertUrl,
    window: {
      start: windowStart(budget.period, now).toISOString(),
      resets_at: reset ? reset.toISOString() : null,
      spent: usd(spend?.spent ?? '0.00000000'),
      reserved: usd(spend?.reserved ?? '0.00000000'),
      reservations: spend?.reservations ?? 0,
      alerts: { percent_80_at: iso(spend?.alerted80At ?? null), percent_100_at: iso(spend?.alerted100At ?? null) },
    },
    created_at: budget.createdAt.toISOString(),
    updated_at: budget.updatedAt.toISOString(),
    // A team budget from before migration 021 names no site: it covers no call until it is re-created with one.
    ...(needsSite(budget) ? { warning: NEEDS_SITE_WARNING } : {}),
  };
}

/** 409 svc_budget_managed for an AI allowance or a credits balance: only an admin's own limits are edited or removed here. */
function refuseManaged(budget: BudgetRecord): void {
  const reason = managedReason(budget);
  if (reason) throw ApiError.conflict('svc_budget_managed', reason);
}

const budgetId = (request: Request) => {
  const id = String(request.params.id ?? '');
  if (!BUDGET_ID_PATTERN.test(id)) throw ApiError.notFound('No budget has this id.');
  return id;
};

/** Admin routes for budgets (docs/api-notes.md "Budgets"): list with spend, create, update, remove. */
export function budgetHandlers(services: Pick<Services, 'logger' | 'customers'> & { router: Pick<RouterServices, 'budgets'> }) {
  const guard = services.router.budgets;
  const { store } = guard;
  const actor = (response: Response) => context(response).wordpressUser;
  const withSpend = async (budgets: BudgetRecord[]) => {
    await guard.leases.flushed(); // this worker's settled calls written first (other workers write theirs within FLUSH_AFTER_MS, 0.1 s)
    const now = new Date();
    const spend = await guard.ledger.current(budgets, now);
    return budgets.map((budget) => budgetToJson(budget, spend.get(budget.id), now));
  };
  const update = async (request: Request, response: Response) => {
    const id = budgetId(request);
    const current = await store.find(id);
    if (!current) throw ApiError.notFound('No budget has this id.');
    refuseManaged(current);
    const fields = readBudgetFields(context(response).json ?? {}, current);
    const updated = await store.update(id, fields);
    if (!updated) throw ApiError.notFound('No budget has this id.');
    guard.changed();
    services.logger.info('budget updated', { budget_id: id, actor: actor(response) });
    response.json((await withSpend([updated]))[0]);
  };
  return {
    async list(_request: Request, response: Response) {
      response.json({ object: 'list', data: await withSpend(await store.list()) });
    },

    /** 201 with the budget and, this once, `alert_secret` — the Standard Webhooks secret its alerts are signed with. */
    async create(_request: Request, response: Response) {
      const fields = readBudgetFields(context(response).json ?? {});
      if (fields.scopeKind === 'customer' && !(await services.customers.store.find(fields.scopeValue)))
        throw ApiError.invalidRequest({ 'scope.value': 'no customer has this id (GET customers lists them)' });
      const { record, alertSecret } = await store.create(fields);
      guard.changed();
      services.logger.info('budget created', {
        budget_id: record.id,
        scope_kind: record.scopeKind,
        period: record.period,
        actor: actor(response),
      });
      response.status(201).json({ ...(await withSpend([record]))[0], alert_secret: alertSecret });
    },

    update,

    async remove(request: Request, response: Response) {
      const id = budgetId(request);
      const current = await store.find(id);
      if (!current) throw ApiError.notFound('No budget has this id.');
      refuseManaged(current);
      if (!(await store.remove(id))) throw ApiError.notFound('No budget has this id.');
      guard.changed();
      services.logger.info('budget removed', { budget_id: id, actor: actor(response) });
      response.json({ object: 'budget', id, deleted: true });
    },
  };
}
