import { ImageFiles } from './image-files';

describe('the url images', () => {
  it('serves an image under its SHA-256 until it expires', () => {
    let now = 1_000;
    const files = new ImageFiles('https://hub.example', 60_000, 1024, () => now);
    const url = files.store(Buffer.from('png bytes'), 'image/png');
    expect(url).toMatch(/^https:\/\/hub\.example\/wp-json\/llm\/router\/v1\/images\/files\/[0-9a-f]{64}\.png$/);
    const name = url.split('/').pop()!;
    expect(files.file(name)?.bytes.toString()).toBe('png bytes');
    now += 60_000;
    expect(files.file(name)).toBeNull();
  });

  it('drops the oldest beyond its byte bound', () => {
    const files = new ImageFiles('https://hub.example', 60_000, 10);
    const first = files.store(Buffer.from('123456'), 'image/png').split('/').pop()!;
    const second = files.store(Buffer.from('abcdef'), 'image/webp').split('/').pop()!;
    expect(files.file(first)).toBeNull();
    expect(files.file(second)?.mediaType).toBe('image/webp');
  });
});
