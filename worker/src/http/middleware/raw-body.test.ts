import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './raw-body';

/** A real server whose handler reads each body with readBody() and answers what happened. */
let server: Server;
let port = 0;
const outcomes: Array<Buffer | { type: string; status: number }> = [];
/** Whether the request stream had already ended when each body was handed over. */
const endedAtHandover: boolean[] = [];

beforeAll(async () => {
  server = createServer((incoming: IncomingMessage, response) => {
    readBody(incoming, 1024).then(
      (body) => {
        outcomes.push(body);
        endedAtHandover.push(incoming.readableEnded);
        response.end(`read ${body.length}`);
      },
      (error: { type: string; status: number }) => {
        outcomes.push({ type: error.type, status: error.status });
        response.statusCode = error.status;
        response.end(error.type);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function send(
  body: Buffer | string | null,
  headers: Record<string, string> = {},
  options: { chunked?: boolean; hangUpAfter?: number } = {},
) {
  return new Promise<{ status: number; text: string } | 'hung up'>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/', headers, agent: false }, (response) => {
      let text = '';
      response
        .setEncoding('utf8')
        .on('data', (chunk: string) => (text += chunk))
        .on('end', () => resolve({ status: response.statusCode!, text }));
    });
    outgoing.on('error', (error) => (options.hangUpAfter === undefined ? reject(error) : resolve('hung up')));
    if (options.hangUpAfter !== undefined) {
      outgoing.write(Buffer.alloc(options.hangUpAfter, 0x61));
      setTimeout(() => outgoing.destroy(), 50);
      return;
    }
    if (body === null) outgoing.end();
    else if (options.chunked) {
      const bytes = Buffer.from(body);
      outgoing.write(bytes.subarray(0, bytes.length >> 1));
      outgoing.end(bytes.subarray(bytes.length >> 1));
    } else outgoing.end(body);
  });
}

const last = () => outcomes.at(-1);

describe('readBody (the lean dispatch’s reader, same outcomes as express.raw)', () => {
  it('reads a body with Content-Length exactly', async () => {
    expect(await send('{"a":1}')).toEqual({ status: 200, text: 'read 7' });
    expect(last()).toEqual(Buffer.from('{"a":1}'));
  });

  it('hands a Content-Length body over when its last byte arrives, not a turn of the stream later, and never before', async () => {
    expect(await send('{"a":1}')).toEqual({ status: 200, text: 'read 7' });
    expect(endedAtHandover.at(-1)).toBe(false);
    const split = await new Promise<string>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/', headers: { 'Content-Length': '10' }, agent: false },
        (response) => {
          let text = '';
          response
            .setEncoding('utf8')
            .on('data', (chunk: string) => (text += chunk))
            .on('end', () => resolve(text));
        },
      );
      outgoing.on('error', reject);
      outgoing.write('01234');
      setTimeout(() => outgoing.end('56789'), 50);
    });
    expect(split).toBe('read 10');
    expect(last()).toEqual(Buffer.from('0123456789'));
  });

  it('reads a chunked body (no Content-Length) in pieces', async () => {
    expect(await send('x'.repeat(600), { 'Transfer-Encoding': 'chunked' }, { chunked: true })).toEqual({ status: 200, text: 'read 600' });
  });

  it('gives an empty body when the request has none', async () => {
    expect(await send(null)).toEqual({ status: 200, text: 'read 0' });
  });

  it('accepts a body of exactly the limit', async () => {
    expect(await send('y'.repeat(1024))).toEqual({ status: 200, text: 'read 1024' });
  });

  it('refuses a declared length over the limit as entity.too.large after reading it off, and the connection still answers', async () => {
    expect(await send('z'.repeat(1025))).toEqual({ status: 413, text: 'entity.too.large' });
    expect(last()).toEqual({ type: 'entity.too.large', status: 413 });
  });

  it('refuses a chunked body that grows over the limit', async () => {
    expect(await send('z'.repeat(3000), { 'Transfer-Encoding': 'chunked' }, { chunked: true })).toEqual({
      status: 413,
      text: 'entity.too.large',
    });
  });

  it('reports a client that hangs up mid-body as request.aborted', async () => {
    const before = outcomes.length;
    expect(await send(null, { 'Content-Length': '500' }, { hangUpAfter: 100 })).toBe('hung up');
    for (let waited = 0; outcomes.length === before && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(last()).toEqual({ type: 'request.aborted', status: 400 });
  });
});
