import { ApiError } from '../../support/api-error';
import { readImageForm, sniffImage } from './image-form';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function encode(form: FormData): Promise<{ contentType: string; body: Buffer }> {
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type')!, body: Buffer.from(await request.arrayBuffer()) };
}

async function params(form: FormData): Promise<Record<string, string>> {
  const { contentType, body } = await encode(form);
  try {
    await readImageForm(contentType, body);
  } catch (error) {
    if (error instanceof ApiError) return (error.data as { params: Record<string, string> }).params;
  }
  throw new Error('not refused');
}

describe("an edit's form", () => {
  it('reads the fields (n as a number, metadata as JSON) and each image[] by its bytes', async () => {
    const form = new FormData();
    form.append('model', 'mock/image');
    form.append('n', '2');
    form.append('metadata', '{"team":"blue"}');
    form.append('image[]', new Blob([PNG]), 'a.png');
    form.append('image[]', new Blob([PNG]), 'b.png');
    form.append('mask', new Blob([PNG]), 'mask.png');
    const { contentType, body } = await encode(form);
    const raw = await readImageForm(contentType, body);
    expect(raw).toMatchObject({ model: 'mock/image', n: 2, metadata: { team: 'blue' } });
    expect((raw.images as Array<{ mediaType: string; filename: string }>).map((file) => file.filename)).toEqual(['a.png', 'b.png']);
    expect(raw.mask).toMatchObject({ mediaType: 'image/png' });
  });

  it('refuses a file that is not an image, a file in a text field, no image, and too many parts, by name', async () => {
    const fake = new FormData();
    fake.append('image', new Blob(['GIF89a not really'], { type: 'image/png' }), 'x.png');
    expect(Object.keys(await params(fake))).toEqual(['image']);
    const misplaced = new FormData();
    misplaced.append('prompt', new Blob([PNG]), 'p.png');
    misplaced.append('image', new Blob([PNG]), 'a.png');
    expect(Object.keys(await params(misplaced))).toEqual(['prompt']);
    expect(Object.keys(await params(new FormData()))).toEqual(['image']);
    const bomb = new FormData();
    for (let index = 0; index < 41; index += 1) bomb.append(`f${index}`, 'x');
    expect(Object.keys(await params(bomb))).toEqual(['body']);
  });

  it('refuses a body that is not multipart with 415', async () => {
    await expect(readImageForm('application/json', Buffer.from('{}'))).rejects.toMatchObject({ status: 415 });
  });

  it('knows PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImage(Buffer.from('<svg/>'))).toBeNull();
  });
});
