import { randomUUID } from 'node:crypto';
import { call, LANES } from '../support/lanes';
import { openStream } from '../support/sse-client';
import { eventually } from '../support/eventually';

/**
 * Streaming pass-through proved without timing: the upstream sends chunk 2 only after the
 * client acknowledged chunk 1. A shell that buffered would never deliver chunk 1 first, and
 * the upstream would then send "chunk-2-without-ack" after its 15 s safety timeout.
 */
describe.each(LANES)('streaming via %s', (lane) => {
  it('delivers each chunk as it is sent', async () => {
    const id = randomUUID();
    const { response, nextEvent } = await openStream(lane, id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    if (lane === 'wordpress') expect(response.headers['x-accel-buffering']).toBe('no');
    expect(await nextEvent()).toBe('data: chunk-1');
    const ack = await call('direct', `/wp-json/svc-hub-test/v1/ack?id=${id}`, { method: 'POST' });
    expect(ack.status).toBe(200);
    expect(await nextEvent()).toBe('data: chunk-2');
    expect(await nextEvent()).toBe('data: [DONE]');
  });

  it('aborts the upstream when the client hangs up', async () => {
    const id = randomUUID();
    const { response, nextEvent } = await openStream(lane, id);
    expect(await nextEvent()).toBe('data: chunk-1');
    response.destroy();
    const status = await eventually(
      () => call('direct', `/wp-json/svc-hub-test/v1/stream-status?id=${id}`),
      (answer) => answer.body?.closed === true,
    );
    expect(status.body).toEqual({ closed: true, finished: false, acknowledged: false });
  });
});
