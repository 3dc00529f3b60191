import express, { type NextFunction, type Request, type Response } from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Database } from '../../db/connections';
import { ApiError } from '../../support/api-error';
import { context } from '../server/context';
import { ShellNonceStore } from '../../db/shell-nonce-claims';
import { requireShellKind, shellSignature, type ShellOnlyKind } from './shell-signature';
import { sign } from '../../support/shell-signing';

const SECRET = 's'.repeat(40);

/** A database whose `svc_nonces` table lives in a Set (duplicate key = ER_DUP_ENTRY), or fails. */
function fakeDatabase(state: { claimed: Set<string>; down: boolean }): Database {
  const execute = async (sql: string, values: unknown[]) => {
    if (state.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    if (sql.startsWith('INSERT')) {
      const nonce = String(values[0]);
      if (state.claimed.has(nonce)) throw Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' });
      state.claimed.add(nonce);
      return [{ affectedRows: 1 }];
    }
    return [{ affectedRows: 0 }];
  };
  return { pool: { execute } as unknown as Database['pool'], table: (name) => name, close: async () => undefined };
}

/** Two workers' apps on one (fake) database: the namespace guard with `kind`, then the route's own guard. */
function workerApp(database: Database, kind: ShellOnlyKind): express.Express {
  const app = express();
  const options = { secret: SECRET, nonces: new ShellNonceStore(database) };
  app.use((request: Request, response: Response, next: NextFunction) => {
    context(response).rawBody = Buffer.alloc(0);
    next();
  });
  app.use('/wp-json/svc-hub/v1', shellSignature(options, true, kind), requireShellKind(kind), (_request: Request, response: Response) => {
    response.json({ ran: true, user: context(response).wordpressUser });
  });
  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    const apiError = error instanceof ApiError ? error : ApiError.internal();
    response.status(apiError.status).json(apiError.toBody());
  });
  return app;
}

let servers: Server[] = [];
async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

const PATH = '/wp-json/svc-hub/v1/admin/keys';
function signedHeaders(
  method: string,
  auth: string,
  user: string,
  nonce = Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32),
) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const parts = { method, pathAndQuery: PATH, timestamp, nonce, authorization: '', auth, user, clientIp: '127.0.0.1', body: '' };
  return {
    'x-svc-hub-timestamp': timestamp,
    'x-svc-hub-nonce': nonce,
    'x-svc-hub-auth': auth,
    'x-svc-hub-user': user,
    'x-svc-hub-client-ip': '127.0.0.1',
    'x-svc-hub-signature': sign(parts, SECRET),
  };
}
const answer = async (response: globalThis.Response) => [
  response.status,
  ((await response.json()) as { code?: string; ran?: boolean }).code ?? 'ran',
];

describe('shellSignature with an auth kind', () => {
  it('runs an admin route for auth kind admin and a user id', async () => {
    const url = await listen(workerApp(fakeDatabase({ claimed: new Set(), down: false }), 'admin'));
    expect(await answer(await fetch(url + PATH, { headers: signedHeaders('GET', 'admin', '7') }))).toEqual([200, 'ran']);
  });

  it.each([
    ['no user', 'admin', ''],
    ['user 0', 'admin', '0'],
    ['a user with a sign', 'admin', '+1'],
    ['auth kind public', 'public', '1'],
    ['no auth kind', '', '1'],
  ])('refuses an admin route for %s: 403 svc_forbidden', async (_name, auth, user) => {
    const url = await listen(workerApp(fakeDatabase({ claimed: new Set(), down: false }), 'admin'));
    expect(await answer(await fetch(url + PATH, { headers: signedHeaders('GET', auth, user) }))).toEqual([403, 'svc_forbidden']);
  });

  it('runs an internal route only for auth kind internal', async () => {
    const url = await listen(workerApp(fakeDatabase({ claimed: new Set(), down: false }), 'internal'));
    expect(await answer(await fetch(url + PATH, { headers: signedHeaders('GET', 'internal', '') }))).toEqual([200, 'ran']);
    expect(await answer(await fetch(url + PATH, { headers: signedHeaders('GET', 'admin', '1') }))).toEqual([403, 'svc_forbidden']);
  });
});

describe('nonces across workers', () => {
  it('refuses on a second worker a nonce the first accepted (same database): 401', async () => {
    const database = fakeDatabase({ claimed: new Set(), down: false });
    const [first, second] = [await listen(workerApp(database, 'admin')), await listen(workerApp(database, 'admin'))];
    const headers = signedHeaders('POST', 'admin', '1');
    expect(await answer(await fetch(first + PATH, { method: 'POST', headers }))).toEqual([200, 'ran']);
    expect(await answer(await fetch(second + PATH, { method: 'POST', headers }))).toEqual([401, 'svc_invalid_signature']);
    expect(await answer(await fetch(first + PATH, { method: 'POST', headers }))).toEqual([401, 'svc_invalid_signature']);
  });

  it('without the database: a GET goes on with the memory claim, a POST is 503', async () => {
    const url = await listen(workerApp(fakeDatabase({ claimed: new Set(), down: true }), 'admin'));
    const get = signedHeaders('GET', 'admin', '1');
    expect(await answer(await fetch(url + PATH, { headers: get }))).toEqual([200, 'ran']);
    expect(await answer(await fetch(url + PATH, { headers: get }))).toEqual([401, 'svc_invalid_signature']);
    expect(await answer(await fetch(url + PATH, { method: 'POST', headers: signedHeaders('POST', 'admin', '1') }))).toEqual([
      503,
      'svc_unavailable',
    ]);
  });
});

describe('ShellNonceStore.purgeExpired', () => {
  it('deletes in batches until a batch is short', async () => {
    const batches = [10_000, 10_000, 3];
    const statements: string[] = [];
    const database = {
      pool: { execute: async (sql: string) => (statements.push(sql), [{ affectedRows: batches.shift() ?? 0 }]) },
      table: (name: string) => name,
    } as unknown as Database;
    expect(await new ShellNonceStore(database).purgeExpired(1000)).toBe(20_003);
    expect(statements).toHaveLength(3);
    expect(statements[0]).toMatch(/^DELETE FROM nonces WHERE expires_at < \? LIMIT 10000$/);
  });
});
