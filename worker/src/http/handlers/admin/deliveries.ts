import type { Request, Response } from 'express';
import {
  DELIVERY_STATUSES,
  OutboxQueries,
  type AttemptRecord,
  type DeliveryRecord,
  type DeliveryStatus,
} from '../../../license/outbox-queries';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { normaliseSiteUrl } from '../../../support/site-url';
import { setPageHeaders } from '../../answers/pagination';
import { readPage } from '../../../support/pagination';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const messageId = (request: Request) => {
  const id = String(request.params.id ?? '');
  if (!/^msg_[0-9A-Z]{26}$/.test(id)) throw ApiError.notFound('No delivery has this id.');
  return id;
};

function deliveryToJson(record: DeliveryRecord) {
  return {
    id: record.id,
    object: 'delivery',
    sequence: record.sequence,
    site_url: record.siteUrl,
    event_type: record.eventType,
    status: record.status,
    attempts: record.attempts,
    next_attempt_at: record.status === 'pending' ? iso(record.nextAttemptAt) : null,
    in_flight: record.status === 'pending' && record.claimedUntil !== null && record.claimedUntil > new Date(),
    last_http_status: record.lastHttpStatus,
    last_error: record.lastError,
    created_at: iso(record.createdAt),
    delivered_at: iso(record.deliveredAt),
  };
}

function attemptToJson(record: AttemptRecord) {
  return {
    attempt: record.attempt,
    endpoint: record.endpoint,
    started_at: iso(record.startedAt),
    duration_ms: record.durationMs,
    http_status: record.httpStatus,
    error: record.error,
    response_excerpt: record.responseExcerpt,
  };
}

function readFilter(request: Request): { status?: DeliveryStatus; siteUrl?: string } {
  const problems: Record<string, string> = {};
  const { status, site_url: site } = request.query;
  if (status !== undefined && !DELIVERY_STATUSES.includes(status as DeliveryStatus))
    problems.status = `must be one of ${DELIVERY_STATUSES.join(', ')}`;
  const siteUrl = site === undefined ? undefined : normaliseSiteUrl(site);
  if (siteUrl === null) problems.site_url = 'must be an absolute http(s) URL';
  if (Object.keys(problems).length > 0) throw ApiError.invalidRequest(problems);
  return { status: status as DeliveryStatus | undefined, siteUrl: siteUrl ?? undefined };
}

/**
 * Admin routes for propagation (the outbox): list (newest first, by status and site), one
 * message with its payload and every attempt, and a manual retry. No secret is ever in them:
 * the payload is the site summary and attempts hold status, error and the answer's first bytes.
 */
export function deliveryHandlers(services: Pick<Services, 'database' | 'config' | 'outbox'>) {
  const queries = new OutboxQueries(services.database);
  return {
    async list(request: Request, response: Response) {
      const filter = readFilter(request);
      const page = readPage(request.query);
      const { items, total } = await queries.list(filter, page.page, page.perPage);
      setPageHeaders(request, response, page, total, services.config.publicUrl);
      response.json({ object: 'list', data: items.map(deliveryToJson) });
    },

    async get(request: Request, response: Response) {
      const id = messageId(request);
      const found = await queries.find(id);
      if (!found) throw ApiError.notFound('No delivery has this id.');
      response.json({
        ...deliveryToJson(found.message),
        payload: JSON.parse(found.payload) as unknown,
        attempt_log: (await queries.attempts(id)).map(attemptToJson),
      });
    },

    async retry(request: Request, response: Response) {
      const id = messageId(request);
      const message = await queries.retry(id);
      if (!message) throw ApiError.notFound('No delivery has this id.');
      if (message.status === 'delivered')
        throw ApiError.conflict(
          'svc_conflict',
          'This message was already delivered; a client site would ignore it again (same webhook-id).',
        );
      services.outbox.notifyCommitted();
      response.json(deliveryToJson(message));
    },
  };
}
