import { isIP } from 'node:net';
import type { Request, Response } from 'express';
import {
  AUDIT_OUTCOMES,
  SIGNATURE_RESULTS,
  type AuditOutcome,
  type AuditRecord,
  type AuditSummary,
  type SignatureResult,
} from '../../../commerce/webhook/audit-log';
import { normaliseStoreUrl } from '../../../commerce/store-url';
import type { CommerceServices } from '../../../commerce/commerce-services';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { Problems } from '../../../support/problems';
import { setPageHeaders } from '../../answers/pagination';
import { readPage } from '../../../support/pagination';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function summaryToJson(entry: AuditSummary) {
  return {
    object: 'webhook_attempt',
    id: entry.id,
    received_at: entry.receivedAt.toISOString(),
    last_received_at: entry.lastReceivedAt.toISOString(),
    attempts: entry.attempts,
    tallied: entry.tallied,
    client_ip: entry.clientIp,
    source: entry.source,
    topic: entry.topic,
    delivery_id: entry.deliveryId,
    webhook_id: entry.webhookId,
    signature_result: entry.signatureResult,
    reason: entry.reason,
    outcome: entry.outcome,
    http_status: entry.httpStatus,
    order_id: entry.orderId,
    woo_order_id: entry.wooOrderId,
    body_bytes: entry.bodyBytes,
    body_sha256: entry.bodySha256,
    expires_at: entry.expiresAt.toISOString(),
  };
}

/** The stored body as UTF-8 text, else base64; `body_truncated` when only the first 64 KiB were kept. */
function entryToJson(entry: AuditRecord) {
  let body: string;
  let encoding: 'utf8' | 'base64';
  try {
    body = utf8.decode(entry.body);
    encoding = 'utf8';
  } catch {
    body = entry.body.toString('base64');
    encoding = 'base64';
  }
  return {
    ...summaryToJson(entry),
    headers: JSON.parse(entry.headers) as [string, string][],
    body,
    body_encoding: encoding,
    body_truncated: entry.body.length < entry.bodyBytes,
  };
}

function oneOf<T extends string>(value: unknown, name: string, allowed: readonly T[], problems: Problems): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    problems.add(name, `must be one of ${allowed.join(', ')}`);
    return undefined;
  }
  return value as T;
}

/**
 * Admin routes over the webhook audit log: a filtered, paginated list (newest first) and one
 * attempt in full. A row of `attempts` > 1 is the tally of one address's attempts past a limit
 * in one minute (rate-limited failures, or pings past those kept in full; from received_at to
 * last_received_at), kept without headers or body.
 */
export function webhookAuditHandlers(services: Pick<Services, 'config'> & { commerce: Pick<CommerceServices, 'webhooks'> }) {
  const { audit } = services.commerce.webhooks;
  return {
    async list(request: Request, response: Response) {
      const page = readPage(request.query);
      const problems = new Problems();
      const signatureResult = oneOf<SignatureResult>(request.query.result, 'result', SIGNATURE_RESULTS, problems);
      const outcome = oneOf<AuditOutcome>(request.query.outcome, 'outcome', AUDIT_OUTCOMES, problems);
      const source = request.query.source === undefined ? undefined : normaliseStoreUrl(request.query.source);
      if (source === null) problems.add('source', "must be a store's absolute http(s) URL");
      const clientIp = request.query.client_ip;
      if (clientIp !== undefined && (typeof clientIp !== 'string' || !isIP(clientIp)))
        problems.add('client_ip', 'must be an IPv4 or IPv6 address');
      problems.throwIfAny();
      const { items, total } = await audit.list({
        signatureResult,
        outcome,
        source: source ?? undefined,
        clientIp: clientIp as string | undefined,
        ...page,
      });
      setPageHeaders(request, response, page, total, services.config.publicUrl);
      response.json({ object: 'list', data: items.map(summaryToJson) });
    },

    async entry(request: Request, response: Response) {
      const id = String(request.params.id ?? '');
      const entry = /^[1-9]\d{0,17}$/.test(id) ? await audit.find(Number(id)) : null;
      if (!entry) throw ApiError.notFound('No webhook attempt has this id.');
      response.setHeader('Cache-Control', 'no-store').json(entryToJson(entry));
    },
  };
}
