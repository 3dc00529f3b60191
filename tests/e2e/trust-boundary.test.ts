import { randomBytes } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import { hubServices } from '../support/hub-services';
import { call, LANES } from '../support/lanes';
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
    const [rows] = await services.database.pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${services.database.table('model_prices')} WHERE model LIKE ?`, [`ollama/${name}%`]);
    return Number(rows[0]!.n);
  };

  describe('an anonymous admin write with an encoded line feed in a path parameter, through WordPress', () => {
    it.each([
      ['?rest_route= (plain permalinks), a line feed inside', (name: string) => `/?rest_route=${PRICES}/ollama/${name}%0A/y`],
      ['?rest_route= (plain permalinks), two line feeds at the end', (name: string) => `/?rest_route=${PRICES}/ollama/${name}%0A%0A`],
      ['/wp-json/ (pretty permalinks), a line feed inside', (name: string) => `/wp-json${PRICES}/ollama/${name}%0A/y`],
      ['/wp-json/ (pretty permalinks), two line feeds at the end', (name: string) => `/wp-json${PRICES}/ollama/${name}%0A%0A`],
    ])('%s: refused with 400 svc_invalid_request, nothing stored', async (_name, path) => {
      const name = tag();
      const answer = await call('wordpress', path(name), put());
      expect([answer.status, answer.body?.code, answer.body?.data?.params]).toEqual([400, 'svc_invalid_request', { path: 'contains a control character' }]);
      expect(await pricesFor(name)).toBe(0);
    });
  });

  it.each(LANES)('a path parameter with a control character is refused on every route (%s)', async (lane) => {
    for (const path of ['/wp-json/svc/v1/image-samples/photos%0A', '/wp-json/svc/v1/image-templates/x%00y', '/wp-json/svc-commerce/v1/orders/ord_1%0D', '/wp-json/svc/v1/image-library/files/a%7F.svg']) {
      const answer = await call(lane, path);
      expect([path, answer.status, answer.body?.code, answer.body?.data]).toEqual([path, 400, 'svc_invalid_request', { status: 400, params: { path: 'contains a control character' } }]);
    }
  });

  it('an address in a plugin namespace that no route matches: the same 404 on both lanes, from the shell through WordPress', async () => {
    for (const route of ['/svc/v1/no-such-route', '/svc-commerce/v1/orders/a/b', '/llm/router/v1']) {
      const answers = await Promise.all([call('wordpress', `/?rest_route=${route}`), call('wordpress', `/wp-json${route}`), call('direct', `/wp-json${route}`)]);
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
      const answer = await call('direct', path, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...shellHeaders(signing) } });
      expect([answer.status, answer.body?.code]).toEqual([403, 'svc_forbidden']);
    });
  });

  it('through WordPress an administrator still saves a price: the shell signs auth kind admin and the user id', async () => {
    const admin = await logIn();
    const name = tag();
    const answer = await call('wordpress', `/wp-json${PRICES}/ollama/${name}`, { ...put(), headers: { ...admin.headers, 'Content-Type': 'application/json' } });
    expect(answer.status).toBe(200);
    expect(await pricesFor(name)).toBe(1);
  });
});
