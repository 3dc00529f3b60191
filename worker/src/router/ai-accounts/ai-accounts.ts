import type { Database } from '../../db/connections';
import type { OutboxWriter } from '../../license/outbox-writer';
import type { Logger } from '../../support/logger';
import { Periodic } from '../../support/periodic';
import { AiAlerts } from './ai-alerts';
import { AiStatus } from './ai-status';
import { AllowanceBudgets } from './allowance-budgets';
import { BudgetWindows } from './budget-windows';
import { CreditLedger } from './credit-book';
import { OverageStatement } from './overage-statement';
import { SiteAiSettings } from './site-ai-settings';
import { SiteMarkups } from './site-markups';

/** A site's AI allowance and credits as budgets (router/ai-accounts/README.md). */
export interface AiAccounts {
  credits: CreditLedger;
  allowances: AllowanceBudgets;
  status: AiStatus;
  alerts: AiAlerts;
  statement: OverageStatement;
  /** Per site: the admin's markup and the AI alert webhook. */
  settings: SiteAiSettings;
  /** The router's MarkupSource (usage rows' `billed`), cached per site. */
  markups: SiteMarkups;
}

export function createAiAccounts(database: Database, outbox: OutboxWriter, encryptionKey: Buffer): AiAccounts {
  const windows = new BudgetWindows(database);
  const credits = new CreditLedger(windows);
  const settings = new SiteAiSettings(database, encryptionKey);
  return {
    credits,
    allowances: new AllowanceBudgets(windows),
    status: new AiStatus(windows, credits),
    alerts: new AiAlerts(windows, outbox, settings),
    statement: new OverageStatement(windows),
    settings,
    markups: new SiteMarkups(database),
  };
}

/** How often allowance periods roll over and threshold crossings are looked for. */
export const AI_ACCOUNTS_JOB_MS = 2000;

/** Month and year allowance periods past their end roll over; refunds still owed are taken as leases give back; 50/80/100 % crossings are recorded and propagated. */
export function aiAccountsJob(accounts: AiAccounts, logger: Logger): { start(): void; stop(): Promise<void> } {
  const periodic = new Periodic({
    name: 'AI allowances and alerts',
    intervalMs: AI_ACCOUNTS_JOB_MS,
    logger,
    runAtStart: true,
    run: async () => {
      await accounts.allowances.rollOver();
      await accounts.credits.catchUpOwing();
      await accounts.alerts.check();
    },
  });
  return { start: () => periodic.start(), stop: () => periodic.stop() };
}
