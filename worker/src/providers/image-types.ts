/**
 * Image generation and edits as every provider module receives and answers them
 * (docs/api-notes.md "Images"): OpenAI's options, each passed on only when the request gave it.
 */

/** One uploaded file of an edit (`image`, `mask`). */
export interface ImageFile {
  bytes: Buffer;
  mediaType: string;
  filename: string;
}

export interface ImageRequest {
  /** The provider's own model name. */
  model: string;
  prompt: string;
  n: number;
  /** `WxH`, or absent (the provider's default, or `auto`). */
  size?: string;
  quality?: string;
  background?: string;
  outputFormat?: 'png' | 'jpeg' | 'webp';
  outputCompression?: number;
  moderation?: string;
  style?: string;
  user?: string;
  /** Edits: the images to edit and the optional mask. */
  images?: ImageFile[];
  mask?: ImageFile;
}

export interface GeneratedImage {
  /** The image's bytes, base64. */
  base64: string;
  mediaType: string;
  revisedPrompt?: string;
}

/**
 * What came back. `usage`: token counts when the provider bills tokens (gpt-image-1's
 * `usage`, Gemini's `usageMetadata`, OpenRouter's `usage` with its `cost`); null otherwise.
 * `imageInputTokens`: of promptTokens, the input images' (gpt-image-1's `input_tokens_details`);
 * `imageOutputTokens`: of completionTokens, the images' (Gemini's `candidatesTokensDetails`; absent: all).
 */
/** TokenUsage's shape (types.ts, which imports this file) with the image tokens apart. */
export interface ImageUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** What the provider charged (OpenRouter's `usage.cost`), USD with 8 places. */
  providerCost?: string;
  imageInputTokens?: number;
  imageOutputTokens?: number;
}

export interface ImageResult {
  images: GeneratedImage[];
  usage: ImageUsage | null;
}

/** Request options beyond model, prompt, n, size and quality, by their OpenAI names. */
export type ImageOption = 'background' | 'output_format' | 'output_compression' | 'moderation' | 'style';

/**
 * How an image model bills (docs/api-notes.md "Images"): per image by `quality:size`
 * (DALL·E, Imagen, mock/image), or per token (gpt-image-1, Gemini) with the output tokens
 * one image costs by `quality:size`, the provider's own table. USD, decimal strings.
 */
export type ImagePricing =
  | { kind: 'image'; perImage: Readonly<Record<string, string>> }
  | {
      kind: 'tokens';
      perMtok: { textInput: string; imageInput: string; imageOutput: string; textOutput: string };
      outputTokens: Readonly<Record<string, number>>;
    };

/** What a descriptor says of an image model: what it accepts and what it costs (`source`: the price page). */
export interface ImageModelFacts {
  /** `WxH` sizes, the first the default; `auto` when the model chooses. */
  sizes: readonly string[];
  /** Qualities, the first the default; empty: the model has no quality option. */
  qualities: readonly string[];
  maxImages: number;
  options: readonly ImageOption[];
  edits: boolean;
  pricing: ImagePricing;
  source: string;
}

/** A `quality:size` table from a rule (`auto` entries included where the model takes them). */
export function imageTable<T>(
  qualities: readonly string[],
  sizes: readonly string[],
  rule: (quality: string, size: string) => T,
): Record<string, T> {
  const table: Record<string, T> = {};
  for (const quality of qualities.length === 0 ? [''] : qualities)
    for (const size of sizes) table[`${quality}:${size}`] = rule(quality, size);
  return table;
}

/** The size each aspect ratio draws (Imagen's and Gemini's documented outputs). */
export const IMAGE_ASPECTS: Readonly<Record<string, string>> = {
  '1024x1024': '1:1',
  '896x1280': '3:4',
  '1280x896': '4:3',
  '768x1408': '9:16',
  '1408x768': '16:9',
  '864x1184': '3:4',
  '1184x864': '4:3',
  '768x1344': '9:16',
  '1344x768': '16:9',
};
