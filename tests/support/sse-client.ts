import { request, type IncomingMessage } from 'node:http';
import { baseUrl, type Lane } from './lanes';
import { noKeepAliveAgent } from './test-fetch';

/** Opens the test stream and hands back the response plus a reader for the next SSE event. */
export function openStream(lane: Lane, id: string, query = ''): Promise<{ response: IncomingMessage; nextEvent: () => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${baseUrl(lane)}/wp-json/svc-hub-test/v1/stream?id=${id}${query}`,
      { headers: { Accept: 'text/event-stream' }, agent: noKeepAliveAgent },
      (response) => {
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
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
