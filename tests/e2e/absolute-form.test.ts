import { randomUUID } from 'node:crypto';
import { randomLoopbackAddress } from '../support/loopback';
import { rawRequest, type RawRequest } from '../support/raw-http';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { auditEntry, WEBHOOK } from '../support/webhook-calls';

const TEMPLATES = '/wp-json/svc/v1/image-templates?per_page=1&page=2';
const ATTACKER = 'http://attacker.example';
const publicUrl = () => stack().workerEnv.SVC_PUBLIC_URL!;
const send = (request: RawRequest) => rawRequest(stack().workerUrl, request);

/**
 * Issue 11, finding 7: a request target in absolute form (`GET http://other/wp-json/…`, which
 * HTTP/1.1 servers must accept) sent straight to the worker is the same request as its origin
 * form: links are built on SVC_PUBLIC_URL, and the webhook path goes to the webhook intake.
 */
describe('absolute-form request targets on the worker', () => {
  it("builds Link headers on SVC_PUBLIC_URL, never on the target's host", async () => {
    const origin = await send({ method: 'GET', target: TEMPLATES });
    const absolute = await send({ method: 'GET', target: ATTACKER + TEMPLATES, headers: { 'X-Forwarded-Host': 'attacker.example' } });
    expect([origin.status, absolute.status]).toEqual([200, 200]);
    expect(origin.headers.link).toContain(`<${publicUrl()}/wp-json/svc/v1/image-templates?per_page=1&page=1>; rel="prev"`);
    expect(absolute.headers.link).toBe(origin.headers.link);
    expect(absolute.headers.link).not.toContain('attacker.example');
  });

  describe('the webhook path is handled by the webhook intake, as in origin form', () => {
    const webhook = (target: string, init: Omit<RawRequest, 'method' | 'target'>) => {
      const requestId = `abs-${randomUUID()}`;
      return send({ method: 'POST', target, ...init, headers: { ...init.headers, 'X-Request-Id': requestId } }).then((answer) => ({
        answer,
        requestId,
      }));
    };

    it('a forged X-Svc-Hub-* signature: the same 401, audited both times', async () => {
      const body = '{"id":1}';
      const forged = shellHeaders({
        method: 'POST',
        path: WEBHOOK,
        body,
        clientIp: '192.0.2.66',
        user: '',
        secret: 'not-the-shell-secret-0123456789abcdef',
      });
      const headers = {
        'Content-Type': 'application/json',
        'X-WC-Webhook-Source': 'https://shop.example/',
        'X-WC-Webhook-Topic': 'order.updated',
        ...forged,
      };
      const localAddress = randomLoopbackAddress();
      const origin = await webhook(WEBHOOK, { headers, body, localAddress });
      const absolute = await webhook(ATTACKER + WEBHOOK, { headers, body, localAddress });
      expect(absolute.answer.status).toBe(origin.answer.status);
      expect(JSON.parse(absolute.answer.body)).toEqual(JSON.parse(origin.answer.body));
      for (const { requestId } of [origin, absolute]) {
        expect(await auditEntry(requestId)).toMatchObject({
          outcome: 'rejected',
          http_status: origin.answer.status,
          reason: 'shell signature: signature mismatch',
        });
      }
    });

    it('a body over the limit: the same answer, audited both times', async () => {
      const body = JSON.stringify({ id: 1, padding: 'x'.repeat(1024 * 1024) });
      const headers = {
        'Content-Type': 'application/json',
        'X-WC-Webhook-Source': 'https://shop.example/',
        'X-WC-Webhook-Topic': 'order.updated',
      };
      const localAddress = randomLoopbackAddress();
      const origin = await webhook(WEBHOOK, { headers, body, localAddress });
      const absolute = await webhook(ATTACKER + WEBHOOK, { headers, body, localAddress });
      expect([origin.answer.status, JSON.parse(origin.answer.body).code]).toEqual([413, 'svc_payload_too_large']);
      expect(JSON.parse(absolute.answer.body)).toEqual(JSON.parse(origin.answer.body));
      for (const { requestId } of [origin, absolute]) {
        expect(await auditEntry(requestId)).toMatchObject({ outcome: 'rejected', http_status: 413 });
      }
    });
  });
});
