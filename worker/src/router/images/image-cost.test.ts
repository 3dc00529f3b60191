import { findModel } from '../catalog/models';
import { imageCost, worstImageCost } from './image-cost';

const png = { base64: 'AA==', mediaType: 'image/png' };
const images = (count: number) => Array.from({ length: count }, () => png);

describe('image prices', () => {
  it('per image: n × the price of the quality and size (DALL·E 3, Imagen, mock/image)', () => {
    const dalle3 = findModel('openai/dall-e-3')!;
    expect(worstImageCost(dalle3, 'hd:1792x1024', 1, 'p', 0)).toBe('0.12000000');
    expect(imageCost(dalle3, 'hd:1792x1024', { images: images(1), usage: null }, 'p')).toBe('0.12000000');
    const imagen = findModel('google/imagen-4.0-fast-generate-001')!;
    expect(worstImageCost(imagen, ':1024x1024', 4, 'p', 0)).toBe('0.08000000');
    // Billed for the images that came back.
    expect(imageCost(imagen, ':1024x1024', { images: images(3), usage: null }, 'p')).toBe('0.06000000');
  });

  it('gpt-image-1: the reported tokens at text-in, image-in and image-out rates', () => {
    const model = findModel('openai/gpt-image-1')!;
    const usage = { promptTokens: 50, completionTokens: 544, totalTokens: 594, imageInputTokens: 40 };
    // 10 × $5/M + 40 × $10/M + 544 × $40/M
    expect(imageCost(model, 'low:1024x1024', { images: images(2), usage }, 'p')).toBe('0.02221000');
  });

  it('gpt-image-1: the worst case is n of the dearest image for auto, plus the prompt and input images', () => {
    const model = findModel('openai/gpt-image-1')!;
    // 2 × 6240 × $40/M + 8 bytes × $5/M
    expect(worstImageCost(model, 'auto:auto', 2, 'a prompt', 0)).toBe('0.49924000');
    expect(worstImageCost(model, 'low:1024x1024', 1, '', 0)).toBe('0.01088000');
    // One input image bounded at 48,169 tokens × $10/M.
    expect(worstImageCost(model, 'low:1024x1024', 1, '', 1)).toBe('0.49257000');
  });

  it('Gemini: image and text output apart; the bound covers the text it may add', () => {
    const model = findModel('google/gemini-2.5-flash-image')!;
    const usage = { promptTokens: 7, completionTokens: 1295, totalTokens: 1302, imageOutputTokens: 1290 };
    // 7 × $0.30/M + 1290 × $30/M + 5 × $2.50/M
    expect(imageCost(model, ':1024x1024', { images: images(1), usage }, 'p')).toBe('0.03871460');
    const bound = worstImageCost(model, ':1024x1024', 1, 'p', 0);
    expect(Number(bound)).toBeGreaterThan(0.0387146);
  });
});
