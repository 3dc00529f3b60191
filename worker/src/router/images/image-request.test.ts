import { ApiError } from '../../support/api-error';
import { findModel } from '../catalog/models';
import { checkForModel, parseImageRequest, priceKey } from './image-request';

const refusal = (run: () => unknown): Record<string, string> => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'svc_invalid_request') return (error.data as { params: Record<string, string> }).params;
    throw error;
  }
  throw new Error('not refused');
};

const dalle3 = findModel('openai/dall-e-3')!;
const gptImage = findModel('openai/gpt-image-1')!;
const dalle2 = findModel('openai/dall-e-2')!;
const imagen = findModel('google/imagen-4.0-generate-001')!;

describe('the images request', () => {
  it('reads every option, with b64_json and n=1 by default', () => {
    const body = parseImageRequest({
      model: 'openai/gpt-image-1',
      prompt: 'a fox',
      n: 3,
      size: '1536x1024',
      quality: 'high',
      response_format: 'url',
      background: 'transparent',
      output_format: 'webp',
      output_compression: 80,
      moderation: 'low',
      user: 'u-1',
      metadata: { team: 'blue', campaign: 'spring' },
    });
    expect(body).toMatchObject({ model: 'openai/gpt-image-1', n: 3, size: '1536x1024', quality: 'high', responseFormat: 'url' });
    expect(body).toMatchObject({ background: 'transparent', outputFormat: 'webp', outputCompression: 80, moderation: 'low', user: 'u-1' });
    expect(body.metadata).toMatchObject({ team: 'blue', campaign: 'spring' });
    expect(parseImageRequest({ model: 'mock/image', prompt: 'p' })).toMatchObject({ n: 1, responseFormat: 'b64_json' });
  });

  it.each([
    [{ model: 'mock/image' }, 'prompt'],
    [{ model: 'mock/image', prompt: 'x'.repeat(32_001) }, 'prompt'],
    [{ model: 'mock/image', prompt: 'p', n: 0 }, 'n'],
    [{ model: 'mock/image', prompt: 'p', n: 1000 }, 'n'],
    [{ model: 'mock/image', prompt: 'p', n: 1.5 }, 'n'],
    [{ model: 'mock/image', prompt: 'p', size: '99999x99999' }, 'size'],
    [{ model: 'mock/image', prompt: 'p', size: 'big' }, 'size'],
    [{ model: 'mock/image', prompt: 'p', quality: 'ultra' }, 'quality'],
    [{ model: 'mock/image', prompt: 'p', response_format: 'png' }, 'response_format'],
    [{ model: 'mock/image', prompt: 'p', background: 'green' }, 'background'],
    [{ model: 'mock/image', prompt: 'p', output_format: 'gif' }, 'output_format'],
    [{ model: 'mock/image', prompt: 'p', output_format: 'jpeg', output_compression: 101 }, 'output_compression'],
    [{ model: 'mock/image', prompt: 'p', output_compression: 50 }, 'output_compression'],
    [{ model: 'mock/image', prompt: 'p', moderation: 'none' }, 'moderation'],
    [{ model: 'mock/image', prompt: 'p', style: 'cubist' }, 'style'],
    [{ prompt: 'p' }, 'model'],
    [{ model: 'mock/image', prompt: 'p', metadata: 'x' }, 'metadata'],
  ])('refuses %j naming %s', (raw, field) => {
    expect(Object.keys(refusal(() => parseImageRequest(raw)))).toContain(field);
  });

  it("refuses what the model cannot honour, by name: DALL·E 3's one image and no background, DALL·E 2's no quality, Imagen's no edits", () => {
    const ask = (raw: Record<string, unknown>) => parseImageRequest({ model: 'x/y', prompt: 'p', ...raw });
    expect(refusal(() => checkForModel(ask({ background: 'opaque', n: 2 }), dalle3, false))).toMatchObject({
      background: expect.stringContaining('does not take background'),
      n: expect.stringContaining('at most 1 image'),
    });
    expect(Object.keys(refusal(() => checkForModel(ask({ quality: 'hd' }), dalle2, false)))).toEqual(['quality']);
    expect(Object.keys(refusal(() => checkForModel(ask({ size: '1792x1024' }), gptImage, false)))).toEqual(['size']);
    expect(Object.keys(refusal(() => checkForModel(ask({ style: 'vivid' }), gptImage, false)))).toEqual(['style']);
    expect(Object.keys(refusal(() => checkForModel(ask({}), imagen, true)))).toEqual(['model']);
    expect(() => checkForModel(ask({ quality: 'hd', size: '1792x1024', style: 'natural' }), dalle3, false)).not.toThrow();
  });

  it("prices by the model's defaults where the request names none", () => {
    const ask = (raw: Record<string, unknown>) => parseImageRequest({ model: 'x/y', prompt: 'p', ...raw });
    expect(priceKey(ask({}), dalle3)).toBe('standard:1024x1024');
    expect(priceKey(ask({ size: '512x512' }), dalle2)).toBe(':512x512');
    expect(priceKey(ask({}), gptImage)).toBe('auto:auto');
  });
});
