import type { OutboxConfig } from '../config';
import type { Database } from '../db/connections';
import type { Logger } from '../support/logger';
import { OutboundGuard } from '../support/outbound-guard';
import { countOutboxDelivery } from '../support/metrics/hub-metrics';
import { Periodic } from '../support/periodic';
import type { ApiKeyStore } from './api-keys';
import { decideOutcome } from './delivery-outcome';
import { deliveryTarget, loadDeliveryTarget, type DeliveryTarget } from './delivery-target';
import { bodyWithSequence } from './outbox-payload';
import { retrySchedule, type RetrySchedule } from './outbox-schedule';
import { WebhookSender, type AttemptReport } from './outbox-sender';
import { OutboxStore, type ClaimedMessage } from './outbox-rows';
import type { OutboxWriter } from './outbox-writer';

/** Attempts one worker runs at once. */
export const MAX_IN_FLIGHT = 8;
/** A lease outlasts the attempt's own timeout by this much (recording the result included). */
const LEASE_MARGIN_MS = 5000;
/** On stop, how long in-flight attempts may finish before they are abandoned (and released). */
const STOP_GRACE_MS = 2000;

export interface DeliveryDependencies {
  database: Database;
  keys: ApiKeyStore;
  outbox: OutboxWriter;
  logger: Logger;
  config: OutboxConfig;
  userAgent: string;
  /** A target for a queue that is not a site (a budget's alerts, `budget:<id>`); null: a site's. */
  otherTargets?: (queue: string) => Promise<DeliveryTarget | null>;
  /** Adds the signed licence document to a site's entitlement message (license/documents/site-documents.ts). */
  signBody?: (body: string) => Promise<string>;
}

const UNSIGNED =
  'the site has no active API key, so the message cannot be signed; it is retried on the schedule (create a key for the site)';

/**
 * The delivery loop (docs/propagation.md): every poll, and at once when a change commits,
 * claim due messages up to the free slots, POST each (signed, guarded, bounded by the
 * timeout), log the attempt and move the message on. A worker that dies mid-attempt loses
 * nothing: its lease ends and any worker tries again. Run one per worker process; any number
 * of workers may share the database.
 */
export class OutboxDelivery {
  private readonly store: OutboxStore;
  private readonly sender: WebhookSender;
  private readonly schedule: RetrySchedule;
  private readonly periodic: Periodic;
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly dependencies: DeliveryDependencies) {
    const { config } = dependencies;
    this.store = new OutboxStore(dependencies.database);
    this.sender = new WebhookSender(new OutboundGuard(config.outboundAllow), {
      timeoutMs: config.timeoutMs,
      userAgent: dependencies.userAgent,
    });
    this.schedule = retrySchedule(config.scheduleMs);
    this.periodic = new Periodic({
      name: 'outbox delivery',
      intervalMs: config.pollMs,
      logger: dependencies.logger,
      run: () => this.pass(),
    });
  }

  start(): void {
    this.unsubscribe ??= this.dependencies.outbox.onCommitted(() => this.periodic.trigger());
    this.periodic.start();
  }

  /** No new claims; in-flight attempts get a short grace, then are abandoned and their leases released. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.periodic.stop();
    const all = () => Promise.allSettled([...this.inFlight.values()].map((attempt) => attempt.done));
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([all(), graceOver]);
    clearTimeout(timer);
    for (const { controller } of this.inFlight.values()) controller.abort();
    await all();
  }

  private async pass(): Promise<void> {
    const free = MAX_IN_FLIGHT - this.inFlight.size;
    if (free <= 0) return;
    const messages = await this.store.claim(free, this.dependencies.config.timeoutMs + LEASE_MARGIN_MS);
    for (const message of messages) this.launch(message);
  }

  private launch(message: ClaimedMessage): void {
    const controller = new AbortController();
    const done = this.deliver(message, controller.signal)
      .catch((error: unknown) =>
        // The lease runs out and a later pass tries again.
        this.dependencies.logger.error('outbox delivery failed to record an attempt', {
          message_id: message.id,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        this.inFlight.delete(message.id);
        this.periodic.trigger();
      });
    this.inFlight.set(message.id, { controller, done });
  }

  private async deliver(message: ClaimedMessage, stop: AbortSignal): Promise<void> {
    // A secret that cannot be read (the encryption key changed) is a failed attempt like any
    // other — logged, counted, retried on the schedule, given up at its end — not a message that
    // never gets an attempt row and holds up its site's queue. A database that is down fails
    // the recording too: the lease runs out and a later pass tries again.
    let target: DeliveryTarget;
    let unreadable: string | null = null;
    try {
      target =
        (await this.dependencies.otherTargets?.(message.siteUrl)) ?? (await loadDeliveryTarget(this.dependencies.keys, message.siteUrl));
    } catch (error) {
      target = deliveryTarget(message.siteUrl, []);
      unreadable = `the site's signing secrets could not be read (${error instanceof Error ? error.message : String(error)}); retried on the schedule`;
    }
    const report = await this.attempt(message, target, stop, unreadable);
    if (report.abandoned) {
      await this.store.release(message);
      return;
    }
    const outcome = decideOutcome(report, message.attempts + 1, this.schedule);
    const applied = await this.store.record(message, target.endpoint, report, outcome);
    if (applied) countOutboxDelivery(outcome.status === 'pending' ? 'retry' : outcome.status);
    const fields = {
      message_id: message.id,
      site_url: message.siteUrl,
      attempt: message.attempts + 1,
      http_status: report.httpStatus,
      error: report.error,
      outcome: outcome.status,
    };
    if (!applied) this.dependencies.logger.warn('outbox attempt finished after its lease was taken over', fields);
    else if (outcome.status === 'failed' || outcome.status === 'gone') this.dependencies.logger.warn('outbox message given up', fields);
    else this.dependencies.logger.debug('outbox attempt', fields);
  }

  private async attempt(
    message: ClaimedMessage,
    target: DeliveryTarget,
    stop: AbortSignal,
    unreadable: string | null,
  ): Promise<AttemptReport> {
    const notSent = unreadable ?? (target.secrets.length === 0 ? UNSIGNED : null);
    if (notSent !== null) {
      return {
        startedAt: new Date(),
        durationMs: 0,
        httpStatus: null,
        error: notSent,
        responseExcerpt: null,
        abandoned: false,
      };
    }
    const body = bodyWithSequence(message.payload, message.sequence);
    return this.sender.send(
      {
        endpoint: target.endpoint,
        messageId: message.id,
        sequence: message.sequence,
        body: this.dependencies.signBody ? await this.dependencies.signBody(body) : body,
        secrets: target.secrets,
      },
      stop,
    );
  }
}
