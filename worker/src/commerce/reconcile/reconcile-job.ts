import type { Logger } from '../../support/logger';
import { Periodic } from '../../support/periodic';
import type { ReconcileServices } from './reconcile-services';

/** How often a worker looks for a store that is due, at most. */
const MAX_POLL_MS = 60_000;

/**
 * Every SVC_RECONCILE_INTERVAL_MS, each store with REST credentials is reconciled by exactly
 * one worker (ReconcileClaims): its orders modified since the last pass are pulled and applied.
 * Stopping ends a pass between pages; its store's cursor stays and its lease is freed.
 */
export class ReconcileJob {
  private stopping = false;
  private readonly periodic: Periodic;

  constructor(
    private readonly reconcile: ReconcileServices,
    private readonly logger: Logger,
  ) {
    this.periodic = new Periodic({
      name: 'store reconcile',
      intervalMs: Math.min(reconcile.intervalMs, MAX_POLL_MS),
      logger,
      run: () => this.pass(),
    });
  }

  start(): void {
    this.stopping = false;
    this.periodic.start();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.periodic.stop();
  }

  private async pass(): Promise<void> {
    for (const storeId of await this.reconcile.claims.due(this.reconcile.intervalMs)) {
      if (this.stopping) return;
      const store = await this.reconcile.claims.claim(storeId);
      if (!store) continue; // another worker has it
      const report = await this.reconcile.reconciler.run(store, { stopped: () => this.stopping });
      const applied = report.counts.applied ?? 0;
      if (!report.ok) this.logger.warn('store reconcile failed', { store: store.sourceUrl, result: report.summary });
      else if (applied > 0) this.logger.info('store reconcile applied orders', { store: store.sourceUrl, applied, result: report.summary });
    }
  }
}
