/**
 * OpenAI's image models as the descriptor lists them (docs/api-notes.md "Images"). Prices from
 * https://platform.openai.com/docs/pricing (gpt-image-1: text input $5, image input $10, image
 * output $40 per million tokens; DALL·E per image) and the output tokens one gpt-image-1 image
 * costs from https://platform.openai.com/docs/guides/image-generation ("Cost and latency"):
 * 272 / 1056 / 4160 square, 408 / 1584 / 6240 portrait or landscape (low / medium / high).
 * `auto` quality or size is bounded by the dearest it may pick; the bill is the reported tokens.
 */
import { imageTable } from '../image-types';
import type { DescribedModel } from '../model-facts';

const GPT_IMAGE_SIZES = ['auto', '1024x1024', '1536x1024', '1024x1536'];
const GPT_IMAGE_QUALITIES = ['auto', 'low', 'medium', 'high'];
const SQUARE: Record<string, number> = { low: 272, medium: 1056, high: 4160, auto: 4160 };
const OBLONG: Record<string, number> = { low: 408, medium: 1584, high: 6240, auto: 6240 };

const DALL_E_3: Record<string, string> = {
  'standard:1024x1024': '0.04',
  'standard:1792x1024': '0.08',
  'standard:1024x1792': '0.08',
  'hd:1024x1024': '0.08',
  'hd:1792x1024': '0.12',
  'hd:1024x1792': '0.12',
};
const DALL_E_2: Record<string, string> = { ':1024x1024': '0.02', ':512x512': '0.018', ':256x256': '0.016' };
const SOURCE = 'https://platform.openai.com/docs/pricing';

export const OPENAI_IMAGE_MODELS: DescribedModel[] = [
  {
    name: 'gpt-image-1',
    capability: 'images',
    contextWindow: 32_000,
    price: { input: 5, output: 40, cacheRead: 1.25 },
    image: {
      sizes: GPT_IMAGE_SIZES,
      qualities: GPT_IMAGE_QUALITIES,
      maxImages: 10,
      options: ['background', 'output_format', 'output_compression', 'moderation'],
      edits: true,
      pricing: {
        kind: 'tokens',
        perMtok: { textInput: '5', imageInput: '10', imageOutput: '40', textOutput: '0' },
        outputTokens: imageTable(
          GPT_IMAGE_QUALITIES,
          GPT_IMAGE_SIZES,
          (quality, size) => (size === '1024x1024' ? SQUARE : OBLONG)[quality]!,
        ),
      },
      source: SOURCE,
    },
  },
  {
    name: 'dall-e-3',
    capability: 'images',
    contextWindow: 4_000,
    price: { input: 0, output: 0 },
    image: {
      sizes: ['1024x1024', '1792x1024', '1024x1792'],
      qualities: ['standard', 'hd'],
      maxImages: 1,
      options: ['style'],
      edits: false,
      pricing: { kind: 'image', perImage: DALL_E_3 },
      source: SOURCE,
    },
  },
  {
    name: 'dall-e-2',
    capability: 'images',
    contextWindow: 1_000,
    price: { input: 0, output: 0 },
    image: {
      sizes: ['1024x1024', '512x512', '256x256'],
      qualities: [],
      maxImages: 10,
      options: [],
      edits: true,
      pricing: { kind: 'image', perImage: DALL_E_2 },
      source: SOURCE,
    },
  },
];
