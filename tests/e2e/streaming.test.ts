import { request, type IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { baseUrl, call, LANES } from '../support/lanes';

const STREAM = '/wp-json/svc-hub-test/v1/stream';

/** Opens the test stream and hands back the response plus a reader for the next SSE event. */
function openStream(lane: (typeof LANES)[number], id: string): Promise<{ response: IncomingMessage; nextEvent: () => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl(lane)}${STREAM}?id=${id}`, { headers: { Accept: 'text/event-stream' } }, (response) => {
      let buffer = '';
      const waiting: Array<(event: string) => void> = [];
      const events: string[] = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!event.startsWith('data:')) continue; // comments (": ") keep the connection honest
          const next = waiting.shift();
          if (next) next(event);
          else events.push(event);
        }
      });
      const nextEvent = () =>
        new Promise<string>((resolveEvent) => {
          const queued = events.shift();
          if (queued !== undefined) resolveEvent(queued);
          else waiting.push(resolveEvent);
        });
      resolve({ response, nextEvent });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

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
    const deadline = Date.now() + 8000;
    let status = await call('direct', `/wp-json/svc-hub-test/v1/stream-status?id=${id}`);
    while (!status.body?.closed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await call('direct', `/wp-json/svc-hub-test/v1/stream-status?id=${id}`);
    }
    expect(status.body).toEqual({ closed: true, finished: false, acknowledged: false });
  });
});
