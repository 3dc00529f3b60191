/**
 * OpenRouter's image models the catalog lists (docs/api-notes.md "Images"), priced as
 * https://openrouter.ai/google/gemini-2.5-flash-image lists them ($0.30 per million input, $30
 * per million image output, $2.50 text output; 1290 tokens an image). The call settles at
 * OpenRouter's `usage.cost` when it reports one; the table bounds the reservation.
 */
import { imageTable } from '../image-types';
import type { DescribedModel } from '../model-facts';

const SIZES = ['1024x1024', '864x1184', '1184x864', '768x1344', '1344x768'];

export const OPENROUTER_IMAGE_MODELS: DescribedModel[] = [
  {
    name: 'google/gemini-2.5-flash-image',
    capability: 'images',
    contextWindow: 32_768,
    price: { input: 0.3, output: 30 },
    image: {
      sizes: SIZES,
      qualities: [],
      maxImages: 1,
      options: [],
      edits: false,
      pricing: {
        kind: 'tokens',
        perMtok: { textInput: '0.3', imageInput: '0.3', imageOutput: '30', textOutput: '2.5' },
        outputTokens: imageTable([], SIZES, () => 1290),
      },
      source: 'https://openrouter.ai/google/gemini-2.5-flash-image',
    },
  },
];
