import { call, LANES } from '../support/lanes';

describe.each(LANES)('GET /health via %s', (lane) => {
  it('is ok with worker, database and provider checks, and no secrets', async () => {
    const answer = await call(lane, '/wp-json/llm/router/v1/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      checks: {
        worker: { status: 'ok' },
        database: { status: 'ok', latency_ms: expect.any(Number) },
        providers: { status: 'ok', configured: expect.arrayContaining(['mock']) },
      },
    });
    expect(answer.text).not.toMatch(/secret|password|svc_live_|whsec_/i);
  });
});
