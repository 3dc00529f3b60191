import { randomUUID } from 'node:crypto';
import { call } from '../support/lanes';
import { openStream } from '../support/sse-client';
import { startWorker, waitForGroupExit, workerGroup } from '../support/worker-process';

/** SIGTERM: the worker stops accepting at once, finishes what is in flight, then exits. */
describe('graceful shutdown', () => {
  afterAll(startWorker);

  it('finishes an in-flight stream, refuses new connections, and exits', async () => {
    const group = workerGroup();
    const { response, nextEvent } = await openStream('direct', randomUUID(), '&hold_ms=1500');
    expect(await nextEvent()).toBe('data: chunk-1');

    process.kill(-group, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(call('direct', '/wp-json/llm/router/v1/health')).rejects.toThrow();

    expect(await nextEvent()).toBe('data: chunk-2');
    expect(await nextEvent()).toBe('data: [DONE]');
    if (!response.readableEnded) await new Promise((resolve) => response.on('end', resolve));
    expect(await waitForGroupExit(group, 5)).toBe(true);
  });
});
