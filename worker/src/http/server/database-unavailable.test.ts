import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConnection } from 'mysql2/promise';
import { silentLogger } from '../../support/logger';
import { answerError } from './error-handler';

/** A port nothing listens on (a MariaDB that is down). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** What mysql2 really throws at a request path when the database cannot be reached. */
async function mysqlError(port: number): Promise<unknown> {
  try {
    await createConnection({ host: '127.0.0.1', port, user: 'svc', password: 'x', connectTimeout: 2000 });
  } catch (error) {
    return error;
  }
  throw new Error('connected to a closed port');
}

let server: Server;
let url = '';
let thrown: unknown;

beforeAll(async () => {
  server = createServer((request, response) =>
    answerError(silentLogger, response, thrown, { id: 'req_1', method: request.method!, path: request.url! }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('a request that meets a database that cannot be reached', () => {
  it('is answered 503 svc_unavailable (try again), not 500', async () => {
    thrown = await mysqlError(await closedPort());
    const response = await fetch(url);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      code: 'svc_unavailable',
      message: expect.stringMatching(/database.*try again/i),
      data: { status: 503 },
    });
  });

  it('keeps other failures (a bad query, a bug) at 500 svc_internal', async () => {
    for (const error of [
      Object.assign(new Error('You have an error in your SQL syntax'), { code: 'ER_PARSE_ERROR', errno: 1064 }),
      new TypeError('x is undefined'),
    ]) {
      thrown = error;
      const response = await fetch(url);
      expect(response.status).toBe(500);
      expect(((await response.json()) as { code: string }).code).toBe('svc_internal');
    }
  });
});
