import { randomUUID } from 'node:crypto';
import { call, type JsonAnswer, type Lane } from './lanes';
import { callFrom } from './loopback';
import { shellHeaders } from './signed-request';
import type { WebhookRequest } from './woo-webhook';

export const WEBHOOK = '/wp-json/svc-license/v1/webhook/woo-order-paid';
const ADMIN = '/wp-json/svc-hub/v1/admin';

/** One webhook request from `address`, tagged with an X-Request-Id so its audit entry can be found. */
export async function sendWebhook(address: string, lane: Lane, init: WebhookRequest): Promise<{ answer: JsonAnswer; requestId: string }> {
  const requestId = `wh-${randomUUID()}`;
  const answer = await callFrom(address, lane, WEBHOOK, { ...init, headers: { ...init.headers, 'X-Request-Id': requestId } });
  return { answer, requestId };
}

/** An admin route, signed as the shell signs it, straight to the worker. */
export function admin(method: string, path: string, body?: unknown): Promise<JsonAnswer> {
  const text = body === undefined ? '' : JSON.stringify(body);
  return call('direct', ADMIN + path, {
    method,
    body: body === undefined ? undefined : text,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...shellHeaders({ method, path: ADMIN + path, body: text }),
    },
  });
}

/** The webhook audit entry of a request (found by the X-Request-Id kept among its headers). */
export async function auditEntry(requestId: string) {
  const list = await admin('GET', '/webhook-audit?per_page=10');
  if (list.status !== 200) throw new Error(`the audit list answered ${list.status}`);
  for (const item of list.body.data as { id: number }[]) {
    const entry = await admin('GET', `/webhook-audit/${item.id}`);
    if ((entry.body.headers as string[][]).some(([name, value]) => name!.toLowerCase() === 'x-request-id' && value === requestId))
      return entry.body;
  }
  throw new Error(`no audit entry for ${requestId}`);
}
