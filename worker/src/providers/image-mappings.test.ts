import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromGeminiImage, fromImagen, geminiImagePayload, imagenPayload } from './google/images';
import { fromOpenAiImages, openAiImageFields } from './openai/images';
import { fromOpenRouterImages, openRouterImagePayload } from './openrouter/images';

const fixture = (name: string) => JSON.parse(readFileSync(join(__dirname, '__fixtures__', name), 'utf8')) as Record<string, unknown>;

describe("each provider's image answer, from its documented-format fixture (synthetic)", () => {
  it('OpenAI gpt-image-1: base64 images, input tokens split into text and image', () => {
    const result = fromOpenAiImages(fixture('openai-images-gpt-image-1-synthetic.json'), 'openai');
    expect(result.images).toHaveLength(2);
    expect(result.images[0]!.mediaType).toBe('image/png');
    expect(result.usage).toEqual({ promptTokens: 50, completionTokens: 544, totalTokens: 594, imageInputTokens: 40 });
  });

  it('OpenAI DALL·E 3: the revised prompt kept, no usage', () => {
    const result = fromOpenAiImages(fixture('openai-images-dall-e-3-synthetic.json'), 'openai');
    expect(result.images[0]!.revisedPrompt).toBe('A watercolour lighthouse at dusk, seen from the shore.');
    expect(result.usage).toBeNull();
  });

  it('OpenAI: an answer with a URL instead of base64 fails as the provider’s error', () => {
    expect(() => fromOpenAiImages({ data: [{ url: 'https://example.com/a.png' }] }, 'openai')).toThrow(/without b64_json/);
  });

  it('OpenAI: options only when given; DALL·E asked for base64, gpt-image-1 never sent response_format', () => {
    expect(openAiImageFields({ model: 'gpt-image-1', prompt: 'p', n: 2, quality: 'low' })).toEqual({
      model: 'gpt-image-1',
      prompt: 'p',
      n: 2,
      quality: 'low',
    });
    expect(openAiImageFields({ model: 'dall-e-3', prompt: 'p', n: 1, style: 'vivid' })).toMatchObject({
      response_format: 'b64_json',
      style: 'vivid',
    });
  });

  it('Imagen: predictions to images, the size asked as its aspect ratio', () => {
    expect(fromImagen(fixture('google-imagen-predict-synthetic.json'), 'google').images).toHaveLength(2);
    expect(imagenPayload({ model: 'imagen-4.0-generate-001', prompt: 'p', n: 3, size: '1408x768' })).toEqual({
      instances: [{ prompt: 'p' }],
      parameters: { sampleCount: 3, aspectRatio: '16:9' },
    });
  });

  it("Gemini's image output: the inlineData part, image tokens apart from text tokens", () => {
    const result = fromGeminiImage(fixture('google-gemini-image-synthetic.json'), 'google');
    expect(result.images).toEqual([{ base64: expect.any(String), mediaType: 'image/png' }]);
    expect(result.usage).toEqual({ promptTokens: 7, completionTokens: 1295, totalTokens: 1302, imageOutputTokens: 1290 });
    expect(geminiImagePayload({ model: 'gemini-2.5-flash-image', prompt: 'p', n: 1 })).toMatchObject({
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'] },
    });
  });

  it('OpenRouter: data URLs to images, usage.cost as the provider’s cost', () => {
    const result = fromOpenRouterImages(fixture('openrouter-image-synthetic.json'), 'openrouter');
    expect(result.images[0]!.mediaType).toBe('image/png');
    expect(result.usage).toMatchObject({ promptTokens: 7, completionTokens: 1290, providerCost: '0.03870210' });
    expect(openRouterImagePayload({ model: 'google/gemini-2.5-flash-image', prompt: 'p', n: 1 })).toMatchObject({
      modalities: ['image', 'text'],
    });
  });

  it('answers with no image fail as the provider’s error', () => {
    expect(() => fromImagen({ predictions: [] }, 'google')).toThrow(/no image/);
    expect(() => fromGeminiImage({ candidates: [{ content: { parts: [{ text: 'refused' }] } }] }, 'google')).toThrow(/no image/);
    expect(() => fromOpenRouterImages({ choices: [{ message: { content: 'no' } }] }, 'openrouter')).toThrow(/no image/);
  });
});
