import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LeanDispatch } from './lean-dispatch';
import type { RouteDefinition } from '../routes';
import type { Services } from '../../services';

/**
 * Which requests the lean dispatch takes and which it leaves to Express (which answers
 * everything here with 299 "express"). Taken requests meet the real checks: with no key
 * they get the contract's 401.
 */
const CHAT = '/wp-json/llm/router/v1/chat/completions';
const routes = [
  {
    id: 'router.chat-completions',
    method: 'POST',
    path: CHAT,
    auth: 'bearer',
    area: 'llm router',
    features: ['llm.chat'],
    call: async () => undefined,
  },
  {
    id: 'router.models',
    method: 'GET',
    path: '/wp-json/llm/router/v1/models',
    auth: 'bearer',
    area: 'llm router',
    handler: () => undefined,
  },
] as RouteDefinition[];

function services(trustProxy?: string, overrides: Partial<Record<keyof Services, unknown>> = {}): Services {
  return {
    config: { trustProxy },
    logger: { error: () => undefined, warn: () => undefined, info: () => undefined },
    keyLookup: { find: async () => null, markUsed: () => undefined },
    pluginActivation: { isActive: true },
    ...overrides,
  } as unknown as Services;
}

async function serve(
  trustProxy?: string,
  overrides: Partial<Record<keyof Services, unknown>> = {},
): Promise<{ server: Server; url: string }> {
  const lean = new LeanDispatch(services(trustProxy, overrides), routes);
  const server = createServer((request, response) => {
    if (lean.handle(request, response)) return;
    request.resume().on('end', () => {
      response.statusCode = 299;
      response.end('express');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('LeanDispatch', () => {
  let plain: { server: Server; url: string };
  let proxied: { server: Server; url: string };
  beforeAll(async () => {
    plain = await serve();
    proxied = await serve('loopback');
  });
  afterAll(async () => {
    for (const { server } of [plain, proxied]) await new Promise((resolve) => server.close(resolve));
  });

  const post = (base: string, path: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"model":"mock/echo"}' });

  it('serves a plain POST to a call route itself, with the contract’s checks (401 without a key) and a request id', async () => {
    const answer = await post(plain.url, CHAT);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('x-request-id')).toMatch(/^req_[0-9A-Z]{26}$/);
    expect(await answer.json()).toEqual({
      code: 'svc_missing_key',
      message: expect.any(String),
      data: { status: 401 },
      error: { message: expect.any(String), type: 'authentication_error', param: null, code: 'svc_missing_key' },
    });
    expect(answer.headers.get('x-should-retry')).toBe('false');
  });

  it('keeps the query string out of the route match', async () => {
    expect((await post(plain.url, `${CHAT}?trace=1`)).status).toBe(401);
  });

  it.each([
    ['a trailing slash', `${CHAT}/`, {}],
    ['other letter case', CHAT.toUpperCase(), {}],
    ['a percent-encoded spelling', CHAT.replace('chat/', 'ch%61t/'), {}],
    ['a compressed body', CHAT, { 'content-encoding': 'gzip' }],
    ['a request from the WordPress shell', CHAT, { 'x-svc-hub-signature': 'v1=abc' }],
    ['a route without a call handler', '/wp-json/llm/router/v1/models', {}],
    ['a path outside the table', '/wp-json/llm/router/v1/nothing', {}],
  ])('leaves %s to Express', async (_name, path, headers) => {
    const answer = await post(plain.url, path, headers as Record<string, string>);
    expect([answer.status, await answer.text()]).toEqual([299, 'express']);
  });

  it('answers an unexpected failure with svc_internal 500 and logs it without detail to the client', async () => {
    const logged: unknown[] = [];
    const failing = await serve(undefined, {
      keyLookup: {
        find: async () => {
          throw new Error('database gone');
        },
        markUsed: () => undefined,
      },
      logger: { error: (...args: unknown[]) => logged.push(args), warn: () => undefined, info: () => undefined },
    });
    try {
      const answer = await post(failing.url, CHAT, { authorization: `Bearer svc_live_${'A'.repeat(32)}` });
      expect(answer.status).toBe(500);
      const body = (await answer.json()) as { code: string };
      expect(body.code).toBe('svc_internal');
      expect(JSON.stringify(body)).not.toContain('database gone');
      expect(JSON.stringify(logged)).toContain('database gone');
    } finally {
      await new Promise((resolve) => failing.server.close(resolve));
    }
  });

  it('cuts the connection, and stays up, when even the error answer fails', async () => {
    const broken = await serve(undefined, {
      keyLookup: {
        find: async () => {
          throw new Error('database gone');
        },
        markUsed: () => undefined,
      },
      logger: {
        error: () => {
          throw new Error('log sink gone');
        },
        warn: () => undefined,
        info: () => undefined,
      },
    });
    try {
      await expect(post(broken.url, CHAT, { authorization: `Bearer svc_live_${'A'.repeat(32)}` })).rejects.toThrow();
      expect((await post(broken.url, `${CHAT}/`)).status).toBe(299); // the server still answers
    } finally {
      await new Promise((resolve) => broken.server.close(resolve));
    }
  });

  it('leaves every call to Express while the plugin is inactive (it answers 503 svc_hub_disabled: app.ts)', async () => {
    const inactive = await serve(undefined, { pluginActivation: { isActive: false } });
    try {
      const answer = await post(inactive.url, CHAT);
      expect([answer.status, await answer.text()]).toEqual([299, 'express']);
    } finally {
      await new Promise((resolve) => inactive.server.close(resolve));
    }
  });

  it('leaves other methods to Express', async () => {
    const answer = await fetch(plain.url + CHAT, { method: 'GET' });
    expect(answer.status).toBe(299);
  });

  it('serves requests with X-Forwarded-For behind a trusted proxy too (the client address as Express works it out: forwarded-client.test.ts)', async () => {
    expect((await post(proxied.url, CHAT, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(401);
    expect((await post(proxied.url, CHAT)).status).toBe(401);
    expect((await post(plain.url, CHAT, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(401);
  });
});
