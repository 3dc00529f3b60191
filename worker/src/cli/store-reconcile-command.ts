import type { CommerceServices } from '../commerce/commerce-services';
import { ApiError } from '../support/api-error';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

const CLAIM_WAIT_MS = 15_000;
const CLAIM_POLL_MS = 250;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** `--since`: a day (its start, UTC) or a time with its zone. */
function readSince(text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const date = DAY.test(text) ? new Date(`${text}T00:00:00Z`) : UTC_TIME.test(text) ? new Date(text) : null;
  if (!date || Number.isNaN(date.getTime()))
    throw new UsageError(`--since must be a day or a time with its zone, such as 2026-11-01 or 2026-11-01T08:00:00Z (got "${text}").`);
  return date;
}

/**
 * `store reconcile --source URL [--since DATE]`: one reconcile pass for that store now, as the
 * job runs it (same claim, so it never runs beside a worker's pass), printing each page and each
 * hub order it moved. `--since` reads orders modified after DATE (UTC) instead of the cursor.
 */
export async function storeReconcileCommand(
  services: { commerce: Pick<CommerceServices, 'webhooks' | 'reconcile'> },
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const flags = takeFlags(parsed, ['source', 'since'], ['source']);
  const since = readSince(flags.since);
  const { stores } = services.commerce.webhooks;
  const { claims, reconciler } = services.commerce.reconcile;
  const found = await stores.find(flags.source!);
  if (!found) throw ApiError.notFound(`No store is "${flags.source}".`);
  if (found.restKeyLast4 === null) {
    throw ApiError.invalidRequest({
      source: `${found.sourceUrl} has no REST credentials; set them on the admin screen (Webhooks → the store → REST credentials)`,
    });
  }
  let store = await claims.claim(found.id);
  for (let waited = 0; !store && waited < CLAIM_WAIT_MS; waited += CLAIM_POLL_MS) {
    if (waited === 0) print(`A worker is reconciling ${found.sourceUrl}; waiting for its pass to end…`);
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
    store = await claims.claim(found.id);
  }
  if (!store) throw new UsageError(`${found.sourceUrl} is being reconciled by a worker right now; try again in a moment.`);
  print(
    `Reconciling ${store.sourceUrl} (orders modified after ${(since ?? store.reconciledUntil)?.toISOString() ?? 'the first-pass window'})…`,
  );
  const report = await reconciler.run(store, {
    since,
    onProgress: (progress) =>
      print(`page ${progress.page}/${Math.max(progress.totalPages, progress.page)} (${progress.total} orders modified)`),
  });
  for (const result of report.results) {
    if (result.outcome === 'applied' || result.outcome === 'unmatched')
      print(`  ${result.orderId ?? '-'}\tWooCommerce #${result.wooOrderId}\t${result.outcome}: ${result.reason}`);
  }
  print(report.summary);
  if (!report.ok) throw new Error(`reconcile of ${store.sourceUrl} failed: ${report.summary}`);
}
