/**
 * What an image call costs (docs/api-notes.md "Images"), exactly, in 10⁻⁸ USD: per image by
 * the model's `quality:size` table, or per token (gpt-image-1: text input, image input, image
 * output; Gemini: input, image output, text output) from the tokens the provider reported — or,
 * when it reported none, from the model's own per-image token table. The worst case, reserved
 * before the call, is n images at the asked (or default) quality and size plus the input's bound.
 */
import type { ImageResult } from '../../providers/image-types';
import { fromUnits, toUnits, type Units } from '../budgets/lease';
import { DEFAULT_IMAGE_TOKENS, type CatalogModel } from '../catalog/models';
import { estimateTokens } from '../usage/cost';

/** Gemini's image models may also answer text: at most their output limit of it. */
export const TEXT_OUTPUT_BOUND_TOKENS = 32_768;

/** tokens × USD-per-million, in 10⁻⁸ USD, rounded up (a bound never falls short). */
function tokenUnits(tokens: number, perMtok: string): Units {
  const product = BigInt(Math.max(0, tokens)) * toUnits(perMtok);
  return (product + 999_999n) / 1_000_000n;
}

/** tokens × USD-per-million rounded half up, as the hub's token prices are (usage/cost.ts). */
function tokenCost(tokens: number, perMtok: string): Units {
  return (BigInt(Math.max(0, tokens)) * toUnits(perMtok) + 500_000n) / 1_000_000n;
}

function tableEntry<T>(table: Readonly<Record<string, T>>, key: string, model: CatalogModel): T {
  const entry = table[key];
  if (entry === undefined) throw new Error(`image model ${model.id} has no price for ${key}`);
  return entry;
}

/** Most the call can cost: `n` images of `key`, the prompt and `inputImages` uploaded images. */
export function worstImageCost(model: CatalogModel, key: string, n: number, prompt: string, inputImages: number): string {
  const pricing = model.image!.pricing;
  if (pricing.kind === 'image') return fromUnits(BigInt(n) * toUnits(tableEntry(pricing.perImage, key, model)));
  const { textInput, imageInput, imageOutput, textOutput } = pricing.perMtok;
  const textOut = toUnits(textOutput) > 0n ? tokenUnits(TEXT_OUTPUT_BOUND_TOKENS, textOutput) : 0n;
  return fromUnits(
    tokenUnits(Buffer.byteLength(prompt, 'utf8'), textInput) +
      tokenUnits(inputImages * DEFAULT_IMAGE_TOKENS, imageInput) +
      tokenUnits(n * tableEntry(pricing.outputTokens, key, model), imageOutput) +
      textOut,
  );
}

/** What the call cost: the images it answered, or the tokens the provider reported (else the model's table). */
export function imageCost(model: CatalogModel, key: string, result: ImageResult, prompt: string): string {
  const pricing = model.image!.pricing;
  const count = BigInt(result.images.length);
  if (pricing.kind === 'image') return fromUnits(count * toUnits(tableEntry(pricing.perImage, key, model)));
  const { textInput, imageInput, imageOutput, textOutput } = pricing.perMtok;
  const usage = result.usage;
  if (usage === null)
    return fromUnits(
      tokenCost(estimateTokens(prompt), textInput) + tokenCost(Number(count) * tableEntry(pricing.outputTokens, key, model), imageOutput),
    );
  const imageIn = usage.imageInputTokens ?? 0;
  const imageOut = usage.imageOutputTokens ?? usage.completionTokens;
  return fromUnits(
    tokenCost(usage.promptTokens - imageIn, textInput) +
      tokenCost(imageIn, imageInput) +
      tokenCost(imageOut, imageOutput) +
      tokenCost(usage.completionTokens - imageOut, textOutput),
  );
}
