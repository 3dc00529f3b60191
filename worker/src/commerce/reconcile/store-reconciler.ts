import type { DeliveryResult } from '../webhook/delivery-result';
import { applyReconciledOrder, type ApplyOrderDependencies } from './apply-order';
import type { ClaimedStore, ReconcileClaims } from './reconcile-claims';
import type { RestCredentialStore } from './rest-credentials';
import { StoreRestError, type WooOrdersClient } from './woo-orders-client';

/** Orders per page (WooCommerce allows up to 100). */
export const PAGE_SIZE = 50;
/** A first pass looks back this far (a late payment of an expired order still counts). */
export const FIRST_PASS_DAYS = 30;
/** Each pass re-reads this much before its cursor: orders modified during the last pass, the store's clock. */
export const OVERLAP_MS = 5 * 60_000;
/** Pages one pass reads at most (50,000 orders); the next pass goes on from its cursor. */
const MAX_PAGES = 1000;

export interface ReconcileProgress {
  page: number;
  totalPages: number;
  total: number;
  counts: Record<string, number>;
}

export interface ReconcileReport extends ReconcileProgress {
  /** Every page was read (the cursor moved). */
  ok: boolean;
  modifiedAfter: Date;
  /** What happened to each hub order pulled (for the CLI). */
  results: DeliveryResult[];
  summary: string;
}

const countsSummary = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([outcome, count]) => `${count} ${outcome}`)
    .join(', ') || 'no hub orders';

/**
 * One reconcile pass over one claimed store: pages through its orders modified since the
 * cursor (or `since`), applies each that carries `svc_hub_order_id` (applyReconciledOrder), and
 * frees the claim with the result — moving the cursor to the pass's start minus the overlap
 * only when every page was read.
 */
export class StoreReconciler {
  constructor(
    private readonly client: WooOrdersClient,
    private readonly credentials: RestCredentialStore,
    private readonly claims: ReconcileClaims,
    private readonly apply: ApplyOrderDependencies,
  ) {}

  async run(
    store: ClaimedStore,
    options: { since?: Date; onProgress?: (progress: ReconcileProgress) => void; stopped?: () => boolean } = {},
  ): Promise<ReconcileReport> {
    const startedAt = Date.now();
    const modifiedAfter = options.since ?? store.reconciledUntil ?? new Date(startedAt - FIRST_PASS_DAYS * 86_400_000);
    const counts: Record<string, number> = {};
    const results: DeliveryResult[] = [];
    const progress: ReconcileProgress = { page: 0, totalPages: 0, total: 0, counts };
    try {
      const credentials = await this.credentials.read(store.id);
      if (!credentials) throw new StoreRestError('the store has no REST credentials');
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        if (options.stopped?.()) throw new StoreRestError('stopped before the last page (the worker is stopping)');
        const answer = await this.client.page(store.sourceUrl, credentials, { modifiedAfter, page, perPage: PAGE_SIZE });
        for (const order of answer.orders) {
          const result = await applyReconciledOrder(this.apply, store.sourceUrl, order);
          if (!result) continue;
          results.push(result);
          counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
        }
        Object.assign(progress, { page, totalPages: answer.totalPages, total: answer.total });
        options.onProgress?.(progress);
        if (page >= answer.totalPages || answer.orders.length === 0) break;
      }
      const summary = `ok: orders modified after ${modifiedAfter.toISOString()}: ${countsSummary(counts)}`;
      await this.claims.finish(store.id, summary, new Date(startedAt - OVERLAP_MS));
      return { ...progress, ok: true, modifiedAfter, results, summary };
    } catch (error) {
      const reason = error instanceof StoreRestError ? error.message : 'internal error (see the worker log)';
      const summary = `failed after ${progress.page} page(s): ${reason}`;
      await this.claims.finish(store.id, summary, null);
      if (error instanceof StoreRestError) return { ...progress, ok: false, modifiedAfter, results, summary };
      throw error;
    }
  }
}
