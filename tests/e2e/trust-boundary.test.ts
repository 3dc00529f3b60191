import { randomBytes } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import { hubServices } from '../support/hub-services';
import { call } from '../support/lanes';
import { shellHeaders } from '../support/signed-request';
import { logIn } from '../support/wordpress-session';
import type { Services } from '../../worker/src/services';

const PRICES = '/svc-hub/v1/admin/prices';
const PRICE = JSON.stringify({ input_per_mtok: 1, output_per_mtok: 1 });
const put = (body = PRICE) => ({ method: 'PUT', headers: { 'Content-Type': 'application/json' }, body });
const tag = () => `trust-${randomBytes(4).toString('hex')}`;

/**
 * Issue 11, finding 1: what the shell's route table does not match never reaches the worker
 * (404, or 400 for a control character), the route's auth kind is signed, and the worker runs
 * an admin handler only for a signed admin request with a real WordPress user id.
 */
describe('the trust boundary between WordPress and the worker', () => {
  let services: Services;
  beforeAll(() => {
    services = hubServices();
  });
  afterAll(() => services.database.close());

  /** Price rows whose model starts with `ollama/<tag>` (the admin write the attack aimed at). */
  const pricesFor = async (name: string): Promise<number> => {
    const [rows] = await services.database.pool.query<RowDataPacket[]>(
      `SELECT COUNT(*) AS n FROM ${services.database.table('model_prices')} WHERE model LIKE ?`,
      [`ollama/${name}%`],
    );
    return Number(rows[0]!.n);
  };

  describe('an anonymous admin write with an encoded line feed in a path parameter, through WordPress', () => {
    it.each([
      ['a line feed inside', (name: string) => `${PRICES}/ollama/${name}%0A/y`],
      ['two line feeds at the end', (name: string) => `${PRICES}/ollama/${name}%0A%0A`],
      ['a carriage return inside', (name: string) => `${PRICES}/ollama/${name}%0D/y`],
    ])('?rest_route= (plain permalinks), %s: 400 svc_invalid_request from the shell, nothing stored', async (_name, route) => {
      const name = tag();
      const answer = await call('wordpress', `/?rest_route=${route(name)}`, put());
      expect([answer.status, answer.body?.code, answer.body?.data?.params]).toEqual([
        400,
        'svc_invalid_request',
        { path: 'contains a control character' },
      ]);
      expect(await pricesFor(name)).toBe(0);
    });

    // Pretty permalinks: WordPress's rewrite rule (`^wp-json/(.*)?`) matches the path as the web
    // server passes it; under php -S (a decoded PATH_INFO) `.*` stops at the line feed, so the
    // route reaches the shell cut short. The shell reads the path the client asked for too and
    // refuses it, rather than serving the shorter route (another request than the one sent).
    it.each([
      ['a line feed inside', (name: string) => `${PRICES}/ollama/${name}%0A/y`],
      ['two line feeds at the end', (name: string) => `${PRICES}/ollama/${name}%0A%0A`],
    ])('/wp-json/ (pretty permalinks), %s: refused, nothing stored', async (_name, route) => {
      const name = tag();
      const answer = await call('wordpress', `/wp-json${route(name)}`, put());
      expect([answer.status, answer.body?.code, answer.body?.data?.params]).toEqual([
        400,
        'svc_invalid_request',
        { path: 'contains a control character' },
      ]);
      expect(await pricesFor(name)).toBe(0);
    });
  });

  it('a path parameter with a control character is refused on every route, the same on both lanes', async () => {
    const refused = { status: 400, params: { path: 'contains a control character' } };
    for (const route of [
      '/svc/v1/image-samples/photos%0A',
      '/svc-commerce/v1/orders/ord_1%0D',
      '/svc/v1/image-library/files/a%7F.svg',
      '/svc/v1/image-samples/photos%C2%85',
      '/svc/v1/image-templates/x%09y',
    ]) {
      const direct = await call('direct', `/wp-json${route}`);
      const wordpress = await call('wordpress', `/?rest_route=${route}`);
      expect([route, direct.status, direct.body?.code, direct.body?.data]).toEqual([route, 400, 'svc_invalid_request', refused]);
      expect([route, wordpress.status, wordpress.body]).toEqual([route, 400, direct.body]);
    }
    // A NUL never reaches the plugin through WordPress (its magic quotes turn it into `\0`); the worker refuses it itself.
    const nul = await call('direct', '/wp-json/svc/v1/image-templates/x%00y');
    expect([nul.status, nul.body?.data]).toEqual([400, refused]);
  });

  it('an address in a plugin namespace that no route matches: the same 404 on both lanes, from the shell through WordPress', async () => {
    for (const route of ['/svc/v1/no-such-route', '/svc-commerce/v1/orders/a/b', '/llm/router/v1']) {
      const answers = await Promise.all([
        call('wordpress', `/?rest_route=${route}`),
        call('wordpress', `/wp-json${route}`),
        call('direct', `/wp-json${route}`),
      ]);
      for (const answer of answers) expect([route, answer.status, answer.body]).toEqual([route, 404, answers[2]!.body]);
      expect(answers[2]!.body.code).toBe('svc_not_found');
    }
  });

  describe('the worker itself (direct lane, signed as the shell signs)', () => {
    const signedPut = (name: string, options: Record<string, unknown>) => {
      const path = `/wp-json${PRICES}/ollama/${name}`;
      const signing = { method: 'PUT', path, body: PRICE, ...options };
      return call('direct', path, { ...put(), headers: { 'Content-Type': 'application/json', ...shellHeaders(signing) } });
    };

    it('runs an admin handler for a signed admin request with a user id', async () => {
      const name = tag();
      expect((await signedPut(name, { user: '1' })).status).toBe(200);
      expect(await pricesFor(name)).toBe(1);
    });

    it.each([
      ['an empty user', { user: '' }],
      ['user 0', { user: '0' }],
      ['a user that is not a number', { user: 'admin' }],
      ['auth kind public', { user: '1', auth: 'public' }],
      ['auth kind bearer', { user: '1', auth: 'bearer' }],
      ['auth kind internal', { user: '1', auth: 'internal' }],
    ])('refuses a signed admin request with %s: 403 svc_forbidden, nothing stored', async (_name, options) => {
      const name = tag();
      const answer = await signedPut(name, options);
      expect([answer.status, answer.body?.code]).toEqual([403, 'svc_forbidden']);
      expect(await pricesFor(name)).toBe(0);
    });

    it('refuses a signed internal request whose auth kind is not internal', async () => {
      const path = '/wp-json/svc-hub/v1/internal/woo-order-event';
      const body = JSON.stringify({ event: 'order.updated' });
      const signing = { method: 'POST', path, body, user: '1', auth: 'admin' };
      const answer = await call('direct', path, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', ...shellHeaders(signing) },
      });
      expect([answer.status, answer.body?.code]).toEqual([403, 'svc_forbidden']);
    });
  });

  describe("the shell's internal routes (worker → shell calls)", () => {
    const PING = '/svc-hub/v1/internal/ping';
    const ping = (auth: string) => {
      const signing = { method: 'POST', path: `/wp-json${PING}`, auth, user: '', clientIp: '' };
      return { method: 'POST', headers: shellHeaders(signing) };
    };

    it('answer a call signed with auth kind internal, once: its replay is refused (the nonce is a database row, shared by every PHP process)', async () => {
      const request = ping('internal');
      const first = await call('wordpress', `/?rest_route=${PING}`, request);
      expect([first.status, first.body?.ok]).toEqual([200, true]);
      const replay = await call('wordpress', `/?rest_route=${PING}`, request);
      expect([replay.status, replay.body?.code]).toEqual([401, 'svc_invalid_signature']);
    });

    it.each(['admin', 'public', ''])('refuse a call signed with auth kind "%s"', async (auth) => {
      const answer = await call('wordpress', `/?rest_route=${PING}`, ping(auth));
      expect([answer.status, answer.body?.code]).toEqual([401, 'svc_invalid_signature']);
    });
  });

  it('through WordPress an administrator still saves a price: the shell signs auth kind admin and the user id', async () => {
    const admin = await logIn();
    const name = tag();
    const answer = await call('wordpress', `/wp-json${PRICES}/ollama/${name}`, {
      ...put(),
      headers: { ...admin.headers, 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(await pricesFor(name)).toBe(1);
  });
});
