import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchImage, ImageProblem, parseDataUrl, sniffImageType } from './image-fetch';
import { OutboundGuard } from './outbound-guard';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'];

describe('image fetch (support/image-fetch.ts)', () => {
  let server: Server;
  let origin: string;
  const limits = { maxBytes: 1024, fetchTimeoutMs: 2000 };

  beforeAll(async () => {
    server = createServer((incoming, answer) => {
      if (incoming.url === '/pixel.png') return answer.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (incoming.url === '/disguised.png')
        return answer.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a picture</html>');
      if (incoming.url === '/logo.svg')
        return answer.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      answer.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const allow = () => [origin.replace('http://', '')];
  const fetchOf = (path: string, guardAllow = allow()) =>
    fetchImage(new OutboundGuard(guardAllow), guardAllow, limits, `${origin}${path}`, TYPES);

  it('fetches an image whose bytes are of its declared type', async () => {
    expect(await fetchOf('/pixel.png')).toEqual({ mediaType: 'image/png', bytes: PNG });
    expect((await fetchOf('/logo.svg')).mediaType).toBe('image/svg+xml');
  });

  it('refuses bytes that are not the image type the header claims (sniffed, not trusted)', async () => {
    await expect(fetchOf('/disguised.png')).rejects.toThrow(/its bytes are not an image/);
  });

  it('refuses a loopback address unless SVC_OUTBOUND_ALLOW lists it', async () => {
    await expect(fetchImage(new OutboundGuard([]), [], limits, `https://127.0.0.1/x.png`, TYPES)).rejects.toThrow(/public address/);
  });

  it('sniffs the four raster signatures and SVG', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<?xml version="1.0"?>\n<svg viewBox="0 0 1 1"></svg>'))).toBe('image/svg+xml');
    expect(sniffImageType(Buffer.from('<html><svg></svg></html>'))).toBeNull();
  });

  it('checks a data: URL without decoding it', () => {
    expect(parseDataUrl(`data:image/png;base64,${PNG.toString('base64')}`, TYPES, 1024).mediaType).toBe('image/png');
    expect(() => parseDataUrl('data:text/html;base64,PGI+', TYPES, 1024)).toThrow(ImageProblem);
    expect(() => parseDataUrl(`data:image/png;base64,${Buffer.alloc(2048).toString('base64')}`, TYPES, 1024)).toThrow(/at most 1024/);
  });
});
