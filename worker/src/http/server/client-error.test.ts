import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { answerClientError } from './client-error';

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((_request, response) => response.end('ok'));
  server.on('clientError', answerClientError);
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Writes raw bytes and reads the whole answer until the server closes. */
function raw(bytes: string): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      resolve({ head: text.slice(0, at), body: text.slice(at + 4) });
    });
    socket.end(bytes);
  });
}

describe('answers for requests Node cannot parse', () => {
  it('a header block over the limit: 431 in the documented error shape', async () => {
    const answer = await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(65_000)}\r\n\r\n`);
    expect(answer.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.head).toMatch(/Content-Type: application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ code: 'svc_request_headers_too_large', message: expect.any(String), data: { status: 431 } });
  });

  it('a header block over the limit on a router path: the OpenAI error object and x-should-retry: false', async () => {
    const answer = await raw(`POST /wp-json/llm/router/v1/chat/completions HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(65_000)}\r\n\r\n`);
    expect(answer.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.head).toMatch(/\r\nx-should-retry: false\r\n/);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'svc_request_headers_too_large',
      error: { type: 'invalid_request_error', code: 'svc_request_headers_too_large', param: null, message: expect.any(String) },
    });
  });

  it('a broken header on the Messages path: Anthropic error shape', async () => {
    const answer = await raw('POST /wp-json/llm/router/v1/messages HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(answer.head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'svc_invalid_request',
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.any(String) },
      request_id: expect.stringMatching(/^req_/),
    });
  });

  it('a request line that is not HTTP: 400 svc_invalid_request', async () => {
    const answer = await raw('NOT AN HTTP REQUEST\r\n\r\n');
    expect(answer.head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'svc_invalid_request', data: { status: 400 } });
  });
});
