import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../../support/api-error';
import { OutboundGuard } from '../../support/outbound-guard';
import { ImageInliner } from './image-inline';
import type { ChatRequest, ContentPart } from '../../providers/types';

/** The 67-byte PNG (1×1, transparent) that image tests everywhere use. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const request = (...parts: ContentPart[]): ChatRequest => ({
  model: 'gemini-2.0-flash',
  messages: [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: 'what is this?', parts: [{ type: 'text', text: 'what is this?' }, ...parts] },
  ],
});
const url = (address: string): ContentPart => ({ type: 'image', source: { kind: 'url', url: address } });
const data = (mediaType: string, base64: string): ContentPart => ({ type: 'image', source: { kind: 'data', mediaType, base64 } });
const FIELD = 'messages[1].content[1].image_url.url';

/** The 400 a call gets, as `{status, code, params}`. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return { status: error.status, code: error.code, params: (error.data as { params: Record<string, string> }).params };
}

describe('ImageInliner', () => {
  let server: Server;
  let origin: string;
  let served = 0;
  const limits = { maxBytes: 1024, fetchTimeoutMs: 2000 };

  beforeAll(async () => {
    server = createServer((incoming, answer) => {
      served += 1;
      if (incoming.url === '/pixel.png') return answer.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (incoming.url === '/page.html') return answer.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>hi</p>');
      if (incoming.url === '/huge.png') return answer.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096));
      if (incoming.url === '/chunked.png') {
        answer.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
        for (let i = 0; i < 8; i += 1) answer.write(Buffer.alloc(256));
        return answer.end();
      }
      if (incoming.url === '/moved.png') return answer.writeHead(302, { location: '/pixel.png' }).end();
      answer.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** Loopback is allowed only by listing this test server's host:port, as SVC_OUTBOUND_ALLOW does. */
  const allowingServer = () => {
    const allow = [origin.replace('http://', '')];
    return new ImageInliner(new OutboundGuard(allow), allow, limits);
  };

  it('fetches a URL for a provider that cannot, and inlines it as data', async () => {
    const prepared = await allowingServer().prepare(request(url(`${origin}/pixel.png`)), false);
    expect(prepared.messages[1]!.parts![1]).toEqual({
      type: 'image',
      source: { kind: 'data', mediaType: 'image/png', base64: PNG.toString('base64') },
    });
    expect(prepared.messages[1]!.parts![0]).toEqual({ type: 'text', text: 'what is this?' });
    expect(prepared.messages[0]).toEqual({ role: 'system', content: 'be brief' });
  });

  it('leaves URLs alone for a provider that fetches them itself, and fetches each image once', async () => {
    const inliner = allowingServer();
    const chat = request(url(`${origin}/pixel.png`));
    const before = served;
    expect(await inliner.prepare(chat, true)).toEqual(chat);
    expect(served).toBe(before);
    await inliner.prepare(chat, false);
    await inliner.prepare(chat, false); // a retry or a fallback: the same image, not fetched again
    expect(served - before).toBe(1);
  });

  it.each([
    ['https://127.0.0.1/x.png', 'loopback'],
    ['https://10.1.2.3/x.png', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'link-local (cloud metadata)'],
    ['https://[::1]/x.png', 'IPv6 loopback'],
    ['https://intranet.example/x.png', 'a name resolving to a private address'],
  ])('refuses %s (%s) with a 400 naming the field', async (address) => {
    const resolve = async (hostname: string): Promise<LookupAddress[]> => {
      if (hostname === 'intranet.example') return [{ address: '10.0.0.5', family: 4 }];
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    const inliner = new ImageInliner(new OutboundGuard([], resolve), [], limits);
    const answer = await refusal(inliner.prepare(request(url(address)), false));
    expect(answer).toEqual({ status: 400, code: 'svc_invalid_request', params: { [FIELD]: expect.stringMatching(/public address/) } });
    expect(answer.params[FIELD]).not.toMatch(/10\.0\.0\.5/); // the resolved address stays on the server
  });

  it('refuses plain http unless its host:port is allowed', async () => {
    const inliner = new ImageInliner(new OutboundGuard([]), [], limits);
    expect((await refusal(inliner.prepare(request(url(`${origin}/pixel.png`)), false))).params[FIELD]).toMatch(/https/);
  });

  it.each([
    ['/page.html', /type image\/png.*text\/html/],
    ['/huge.png', /at most 1024 bytes/],
    ['/chunked.png', /at most 1024 bytes/],
    ['/moved.png', /HTTP 302/],
    ['/missing.png', /HTTP 404/],
  ])('refuses %s', async (path, message) => {
    expect((await refusal(allowingServer().prepare(request(url(`${origin}${path}`)), false))).params[FIELD]).toMatch(message);
  });

  it('checks inline data for every provider: an image type, base64, the size cap', async () => {
    const inliner = allowingServer();
    const good = request(data('image/png', PNG.toString('base64')));
    expect(await inliner.prepare(good, true)).toEqual(good);
    expect((await refusal(inliner.prepare(request(data('text/html', 'PGI+')), true))).params[FIELD]).toMatch(/type image\/png/);
    expect((await refusal(inliner.prepare(request(data('image/png', 'not base64!')), true))).params[FIELD]).toMatch(/base64/);
    expect((await refusal(inliner.prepare(request(data('image/png', Buffer.alloc(2048).toString('base64'))), true))).params[FIELD]).toMatch(
      /at most 1024 bytes/,
    );
  });

  it('turns a data: URL handed on as a URL into checked data', async () => {
    const inliner = allowingServer();
    const prepared = await inliner.prepare(request(url(`data:image/png;base64,${PNG.toString('base64')}`)), true);
    expect(prepared.messages[1]!.parts![1]).toEqual({
      type: 'image',
      source: { kind: 'data', mediaType: 'image/png', base64: PNG.toString('base64') },
    });
    expect((await refusal(inliner.prepare(request(url('data:text/plain;base64,aGk=')), true))).params[FIELD]).toMatch(/type image\/png/);
    expect((await refusal(inliner.prepare(request(url('data:image/png,rawbytes')), true))).params[FIELD]).toMatch(/data:image\/png;base64/);
  });

  it('names the right message and part when the image is not the first', async () => {
    const chat: ChatRequest = {
      model: 'm',
      messages: [
        { role: 'user', content: '', parts: [data('image/png', PNG.toString('base64'))] },
        { role: 'assistant', content: 'a pixel' },
        {
          role: 'user',
          content: 'and this?',
          parts: [{ type: 'text', text: 'and this?' }, { type: 'text', text: '!' }, url('https://192.168.0.1/a.png')],
        },
      ],
    };
    const answer = await refusal(new ImageInliner(new OutboundGuard([]), [], limits).prepare(chat, false));
    expect(Object.keys(answer.params)).toEqual(['messages[2].content[2].image_url.url']);
  });
});
