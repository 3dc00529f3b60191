import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { browserHeaders, preflight } from './browser-headers';
import type { RouteDefinition } from '../routes';

const ROUTES = [
  { method: 'POST', path: '/wp-json/llm/router/v1/chat', auth: 'bearer', area: 'router' },
  { method: 'GET', path: '/wp-json/svc/v1/image-templates/:id', auth: 'public', area: 'library' },
] as unknown as RouteDefinition[];

let server: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(browserHeaders);
  app.use(preflight(ROUTES));
  app.use((_request, response) => response.status(404).json({ code: 'svc_not_found' }));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the browser headers WordPress sends', () => {
  it('allows the request origin with credentials, and varies on it', async () => {
    const response = await fetch(`${base}/anything`, { method: 'POST', headers: { Origin: 'https://app.example' } });
    expect(
      Object.fromEntries(
        ['x-content-type-options', 'x-robots-tag', 'access-control-allow-origin', 'access-control-allow-credentials', 'vary'].map(
          (name) => [name, response.headers.get(name)],
        ),
      ),
    ).toEqual({
      'x-content-type-options': 'nosniff',
      'x-robots-tag': 'noindex',
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
    });
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    );
  });

  it('echoes "null" (file:, data:) but no origin that is not one', async () => {
    expect((await fetch(`${base}/x`, { headers: { Origin: 'null' } })).headers.get('access-control-allow-origin')).toBe('null');
    const odd = await fetch(`${base}/x`, { method: 'POST', headers: { Origin: 'https://a.example/path?x' } });
    expect([odd.headers.get('access-control-allow-origin'), odd.headers.get('vary')]).toEqual([null, null]);
  });

  it('varies on Origin for a GET without one, as WordPress does for a visitor', async () => {
    const response = await fetch(`${base}/x`);
    expect([response.headers.get('vary'), response.headers.get('access-control-allow-origin')]).toEqual(['Origin', null]);
  });
});

describe('preflight', () => {
  it('answers OPTIONS on a route with 204, Allow and the allowed methods', async () => {
    const response = await fetch(`${base}/wp-json/svc/v1/image-templates/abc`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('access-control-allow-methods')).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE');
  });

  it('leaves other paths and methods to the routes that follow', async () => {
    expect((await fetch(`${base}/wp-json/nowhere`, { method: 'OPTIONS' })).status).toBe(404);
    expect((await fetch(`${base}/wp-json/llm/router/v1/chat`, { method: 'POST' })).status).toBe(404);
  });
});
