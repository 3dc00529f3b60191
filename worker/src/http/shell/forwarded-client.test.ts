import { createServer, request as send, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { forwardedClient, proxyTrust } from './forwarded-client';

/** Each case: what Express's request.ip says, and what forwardedClient() says, for the same request. */
async function bothAnswers(trustValue: string | undefined, forwardedFor: string | undefined): Promise<[string, string]> {
  const app = express();
  if (trustValue) app.set('trust proxy', trustValue);
  const trust = proxyTrust(trustValue);
  app.get('/', (request, response) => {
    response.json([request.ip, forwardedClient(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'], trust)]);
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    return await new Promise((resolve, reject) => {
      const outgoing = send(
        { host: '127.0.0.1', port, path: '/', headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor } },
        (response) => {
          let text = '';
          response
            .setEncoding('utf8')
            .on('data', (chunk: string) => (text += chunk))
            .on('end', () => resolve(JSON.parse(text)));
        },
      );
      outgoing.on('error', reject).end();
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('forwardedClient (the lean dispatch) agrees with Express request.ip', () => {
  it.each([
    [undefined, '203.0.113.7'],
    ['loopback', undefined],
    ['loopback', '203.0.113.7'],
    ['loopback', '198.51.100.1, 203.0.113.7'],
    ['loopback', '203.0.113.7, 127.0.0.1'],
    ['loopback', ' 203.0.113.7 ,, 127.0.0.2 '],
    ['10.0.0.0/8', '203.0.113.7'],
    ['127.0.0.1,10.0.0.5', '198.51.100.1, 203.0.113.7, 10.0.0.5'],
    ['loopback', 'not-an-address'],
  ])('SVC_TRUST_PROXY=%s, X-Forwarded-For: %s', async (trust, forwardedFor) => {
    const [expressSays, leanSays] = await bothAnswers(trust, forwardedFor);
    expect(leanSays).toBe(expressSays);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    expect(await bothAnswers('loopback', '203.0.113.7')).toEqual(['203.0.113.7', '203.0.113.7']);
    expect(await bothAnswers('10.0.0.0/8', '203.0.113.7')).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});
