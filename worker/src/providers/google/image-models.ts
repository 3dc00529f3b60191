/**
 * Google's image models as the descriptor lists them (docs/api-notes.md "Images"). Prices from
 * https://ai.google.dev/gemini-api/docs/pricing: Imagen 4 per image ($0.02 fast, $0.04, $0.06
 * ultra); Gemini 2.5 Flash Image per token ($0.30 per million input, $30 per million image
 * output — 1290 tokens an image up to 1024×1024 — and $2.50 per million text output).
 */
import { imageTable } from '../image-types';
import type { DescribedModel } from '../model-facts';

const IMAGEN_SIZES = ['1024x1024', '896x1280', '1280x896', '768x1408', '1408x768'];
const GEMINI_SIZES = ['1024x1024', '864x1184', '1184x864', '768x1344', '1344x768'];
const SOURCE = 'https://ai.google.dev/gemini-api/docs/pricing';

const imagen = (name: string, perImage: string): DescribedModel => ({
  name,
  capability: 'images',
  contextWindow: 480,
  price: { input: 0, output: 0 },
  image: {
    sizes: IMAGEN_SIZES,
    qualities: [],
    maxImages: 4,
    options: [],
    edits: false,
    pricing: { kind: 'image', perImage: imageTable([], IMAGEN_SIZES, () => perImage) },
    source: SOURCE,
  },
});

export const GOOGLE_IMAGE_MODELS: DescribedModel[] = [
  imagen('imagen-4.0-generate-001', '0.04'),
  imagen('imagen-4.0-fast-generate-001', '0.02'),
  imagen('imagen-4.0-ultra-generate-001', '0.06'),
  {
    name: 'gemini-2.5-flash-image',
    capability: 'images',
    contextWindow: 32_768,
    price: { input: 0.3, output: 30 },
    image: {
      sizes: GEMINI_SIZES,
      qualities: [],
      maxImages: 1,
      options: [],
      edits: false,
      pricing: {
        kind: 'tokens',
        perMtok: { textInput: '0.3', imageInput: '0.3', imageOutput: '30', textOutput: '2.5' },
        outputTokens: imageTable([], GEMINI_SIZES, () => 1290),
      },
      source: SOURCE,
    },
  },
];
