import sharp from 'sharp';
import { MOCK_IMAGE_PRICES, mockImages } from './image';

const signal = new AbortController().signal;

describe('mock/image', () => {
  it('draws the same PNG for the same prompt and size, another for another prompt, at the asked size', async () => {
    const first = await mockImages({ model: 'image', prompt: 'a red fox', n: 2, size: '256x256' }, { signal });
    const again = await mockImages({ model: 'image', prompt: 'a red fox', n: 1, size: '256x256' }, { signal });
    const other = await mockImages({ model: 'image', prompt: 'a blue fox', n: 1, size: '256x256' }, { signal });
    expect(first.images).toHaveLength(2);
    expect(first.images[0]!.base64).toBe(again.images[0]!.base64);
    expect(first.images[1]!.base64).not.toBe(first.images[0]!.base64);
    expect(other.images[0]!.base64).not.toBe(first.images[0]!.base64);
    const meta = await sharp(Buffer.from(first.images[0]!.base64, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    expect(first.usage).toBeNull();
  });

  it('encodes the asked output format; auto is 1024×1024', async () => {
    const [image] = (await mockImages({ model: 'image', prompt: 'x', n: 1, size: 'auto', outputFormat: 'webp' }, { signal })).images;
    const meta = await sharp(Buffer.from(image!.base64, 'base64')).metadata();
    expect([image!.mediaType, meta.format, meta.width, meta.height]).toEqual(['image/webp', 'webp', 1024, 1024]);
  });

  it('prices per image by quality and size, in exact decimals', () => {
    expect(MOCK_IMAGE_PRICES['low:1024x1024']).toBe('0.01000000');
    expect(MOCK_IMAGE_PRICES['high:1536x1024']).toBe('0.24000000');
    expect(MOCK_IMAGE_PRICES['auto:auto']).toBe('0.04000000');
    expect(MOCK_IMAGE_PRICES['medium:256x256']).toBe('0.02000000');
  });
});
