import { bearer, call } from '../support/lanes';
import { createKey } from '../support/hub-cli';
import { stack } from '../support/stack';
import { startWorker, stopWorker } from '../support/worker-process';

/** With the worker stopped, WordPress answers alone: 503 for forwarded routes, "down" health. */
describe('worker unavailable', () => {
  const key = createKey(['llm.chat']);

  beforeAll(stopWorker);
  afterAll(startWorker);

  it('answers a Bearer route with 503 svc_worker_unavailable within 2 s', async () => {
    const started = Date.now();
    const answer = await call('wordpress', '/wp-json/llm/router/v1/models', { headers: bearer(key.key) });
    expect(Date.now() - started).toBeLessThan(2000);
    expect([answer.status, answer.body?.code]).toEqual([503, 'svc_worker_unavailable']);
    expect(answer.headers.get('x-request-id')).toMatch(/^req_[0-9A-Z]{26}$/);
    expect(answer.text).not.toContain(stack().workerEnv.SVC_HUB_SECRET);
  });

  it('answers /health with status down from PHP alone', async () => {
    const answer = await call('wordpress', '/wp-json/llm/router/v1/health');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'down', checks: { worker: { status: 'down' } } });
  });

  it('recovers when the worker is back', async () => {
    startWorker();
    const answer = await call('wordpress', '/wp-json/llm/router/v1/health');
    expect([answer.status, answer.body?.status]).toEqual([200, 'ok']);
  });
});
