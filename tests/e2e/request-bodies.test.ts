import { bearer, call, LANES, type JsonAnswer } from '../support/lanes';
import { createKey } from '../support/hub-cli';

/** Malformed input gets the same documented answer on both lanes, never a 500. */
describe('request bodies', () => {
  const key = createKey(['llm.chat']);
  const chat = '/wp-json/llm/router/v1/chat';
  const send = (lane: (typeof LANES)[number], body: string | Buffer, contentType = 'application/json') =>
    call(lane, chat, { method: 'POST', headers: { ...bearer(key.key), 'Content-Type': contentType }, body });
  const summary = (answer: JsonAnswer) => [answer.status, answer.body?.code, answer.headers.get('content-type')?.split(';')[0]];

  it.each([
    ['malformed JSON', '{"model":', 'application/json', 400, 'svc_invalid_json'],
    ['an empty body', '', 'application/json', 400, 'svc_invalid_json'],
    ['a JSON array', '[1,2]', 'application/json', 400, 'svc_invalid_json'],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), 'application/json', 400, 'svc_invalid_json'],
    ['a text/plain body', '{"model":"mock/echo"}', 'text/plain', 415, 'svc_unsupported_media_type'],
    ['a form body', 'model=mock%2Fecho', 'application/x-www-form-urlencoded', 415, 'svc_unsupported_media_type'],
  ] as const)('%s → %i %s on both lanes', async (_name, body, type, status, code) => {
    const [viaWordPress, direct] = await Promise.all(LANES.map((lane) => send(lane, body, type)));
    expect(summary(viaWordPress!)).toEqual([status, code, 'application/json']);
    expect(summary(direct!)).toEqual(summary(viaWordPress!));
    expect(viaWordPress!.body.message).toBe(direct!.body.message);
  });

  it('answers 413 svc_payload_too_large for a body over 1 MiB on both lanes', async () => {
    const big = JSON.stringify({ model: 'mock/echo', padding: 'x'.repeat(1024 * 1024) });
    const [viaWordPress, direct] = await Promise.all(LANES.map((lane) => send(lane, big)));
    expect(summary(viaWordPress!)).toEqual([413, 'svc_payload_too_large', 'application/json']);
    expect(summary(direct!)).toEqual(summary(viaWordPress!));
  });

  it('accepts a body of exactly 1 MiB (the limit is inclusive)', async () => {
    const prefix = '{"model":"mock/echo","padding":"';
    const body = prefix + 'x'.repeat(1024 * 1024 - prefix.length - 2) + '"}';
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    const answer = await send('direct', body);
    expect([answer.status, answer.body?.code, Object.keys(answer.body?.data?.params ?? {})]).toEqual([
      400,
      'svc_invalid_request',
      ['messages'],
    ]);
  });

  it.each(LANES)('answers unknown routes and methods in the namespaces with 404/405 (%s)', async (lane) => {
    const unknown = await call(lane, '/wp-json/llm/router/v1/no-such-route');
    expect([unknown.status, unknown.body?.code]).toEqual([404, 'svc_not_found']);
    const wrongMethod = await call(lane, '/wp-json/llm/router/v1/health', { method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.body?.code]).toEqual([405, 'svc_method_not_allowed']);
  });

  it.each(LANES)('keeps a well-formed client X-Request-Id (%s)', async (lane) => {
    const answer = await call(lane, '/wp-json/llm/router/v1/health', { headers: { 'X-Request-Id': 'client-trace-0001' } });
    expect(answer.headers.get('x-request-id')).toBe('client-trace-0001');
    const replaced = await call(lane, '/wp-json/llm/router/v1/health', { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_[0-9A-Z]{26}$/);
  });
});

describe('hostile paths', () => {
  it.each(LANES)('answers a path parameter with broken percent-encoding with 400, never 500 (%s)', async (lane) => {
    const key = createKey();
    const answer = await call(lane, '/wp-json/svc-commerce/v1/orders/%E0%A4%A', { headers: bearer(key.key) });
    expect([answer.status, answer.body?.code]).toEqual([400, 'svc_invalid_request']);
    expect(answer.body.data.params).toEqual({ path: expect.any(String) });
  });

  it.each(LANES)('never answers 500 to odd paths in the namespaces (%s)', async (lane) => {
    for (const path of ['%ZZ', '..%2F..%2Fwp-config', '%2E%2E', 'x'.repeat(2000), '%F0%9F%98%80', "'%20OR%201=1--"]) {
      const answer = await call(lane, `/wp-json/svc/v1/image-samples/${path}`);
      // WordPress itself resolves `..` out of the namespace (its own rest_no_route 404).
      expect([400, 404]).toContain(answer.status);
      expect(answer.body?.code).toMatch(/^(svc_[a-z_]+|rest_no_route)$/);
    }
  });
});
