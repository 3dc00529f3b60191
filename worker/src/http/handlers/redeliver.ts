import type { Request, Response } from 'express';
import { SiteOutbox } from '../../license/outbox-site';
import type { Services } from '../../services';
import { ApiError } from '../../support/api-error';
import { context } from '../server/context';

/** One redelivery per site per this many milliseconds on a worker; sooner is 429 with Retry-After. */
export const REDELIVER_INTERVAL_MS = 5000;
/** Sites remembered for the interval; past this the oldest are forgotten. */
const REMEMBERED_SITES = 10_000;

/**
 * `POST /svc-license/v1/redeliver` (client key): the caller's own site's queued messages due
 * now — svc-client asks after its settings are saved or tested, so a delivery refused before
 * the webhook secret was pasted does not wait for the schedule (docs/api-notes.md,
 * "Redelivery"). Answers `{ due: n }`, the site's pending messages. Each redelivery is an
 * attempt on the schedule, so a site may ask once per REDELIVER_INTERVAL_MS (per worker).
 */
export function redeliverHandler(services: Pick<Services, 'database' | 'outbox'>) {
  return redeliverWithClock(services, Date.now);
}

/** redeliverHandler with its clock given (tests). */
export function redeliverWithClock(services: Pick<Services, 'database' | 'outbox'>, now: () => number) {
  const outbox = new SiteOutbox(services.database);
  const lastAsked = new Map<string, number>();
  return async (request: Request, response: Response) => {
    refuseFields(context(response).rawBody);
    const siteUrl = context(response).apiKey!.siteUrl;
    const at = now();
    const last = lastAsked.get(siteUrl);
    if (last !== undefined && at - last < REDELIVER_INTERVAL_MS) {
      throw askedRecently(Math.ceil((REDELIVER_INTERVAL_MS - (at - last)) / 1000));
    }
    lastAsked.delete(siteUrl);
    lastAsked.set(siteUrl, at);
    if (lastAsked.size > REMEMBERED_SITES) lastAsked.delete(lastAsked.keys().next().value!);
    const due = await outbox.redeliverNow(siteUrl);
    if (due > 0) services.outbox.notifyCommitted();
    response.setHeader('Cache-Control', 'no-store');
    response.json({ due });
  };
}

/**
 * The 429 of a site asking again within the interval: `data.reason` tells it from the key's own rate limit, so svc-client
 * reads it as "already asked" (the first request's messages are on their way), not as a failure.
 */
function askedRecently(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    'svc_rate_limited',
    `This site asked for redelivery less than ${REDELIVER_INTERVAL_MS / 1000} s ago; its queued messages are already being sent.`,
    { retry_after: retryAfterSeconds, reason: 'redelivery_recent' },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The route takes no field: an empty body or `{}` (the raw bytes: this route has no JSON parsing); anything else is 400 naming what was sent. */
function refuseFields(raw: Buffer): void {
  const text = raw.toString('utf8').trim();
  if (text === '') return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw ApiError.invalidRequest({ body: 'must be empty or {}' });
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw ApiError.invalidRequest({ body: 'must be empty or {}' });
  const fields = Object.keys(body).slice(0, 5);
  if (fields.length > 0) throw ApiError.invalidRequest(Object.fromEntries(fields.map((field) => [field, 'is not a field of this route'])));
}
