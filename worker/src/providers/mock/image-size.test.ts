import { gifHeader, jpegHeader, pngHeader, webpHeader } from './__fixtures__/image-headers';
import { imageSize } from './image-size';

describe('imageSize (an image header, never its pixels)', () => {
  it('reads PNG, GIF, JPEG (past its APP and table segments) and the three WebP bitstreams', () => {
    expect(imageSize(pngHeader(1000, 300))).toEqual({ width: 1000, height: 300 });
    expect(imageSize(gifHeader(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize(jpegHeader(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(imageSize(webpHeader('lossy', 800, 600))).toEqual({ width: 800, height: 600 });
    expect(imageSize(webpHeader('lossless', 801, 601))).toEqual({ width: 801, height: 601 });
    expect(imageSize(webpHeader('extended', 5000, 7000))).toEqual({ width: 5000, height: 7000 });
  });

  it('reads a header followed by image data, as a whole file is', () => {
    expect(imageSize(Buffer.concat([pngHeader(20, 10), Buffer.alloc(500, 0x55)]))).toEqual({ width: 20, height: 10 });
  });

  it('is null for anything it cannot read: another format, a cut header, a zero side, a JPEG whose scan comes before any frame', () => {
    expect(imageSize(Buffer.from('BM not a png'))).toBeNull();
    expect(imageSize(Buffer.alloc(0))).toBeNull();
    expect(imageSize(pngHeader(1000, 300).subarray(0, 20))).toBeNull();
    expect(imageSize(jpegHeader(4032, 3024).subarray(0, 700))).toBeNull();
    expect(imageSize(pngHeader(0, 300))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0xff, 0xe0, 0, 0]))).toBeNull(); // a zero length still moves on
  });
});
