import { countWords } from './answer';
import type { Exchange } from './exchange';
import { answerJson, openingMoves, type EmulatorState } from './flow';
import { emulatedImage } from './image-bytes';

/**
 * Google's image models (synthetic, from the Gemini API's image-generation docs): Imagen's
 * `:predict` (`instances[].prompt`, `parameters.sampleCount` 1–4 and `aspectRatio`) answers
 * `predictions[].{bytesBase64Encoded, mimeType}`, no usage; Gemini's image model on
 * `:generateContent` with `responseModalities` holding IMAGE answers one `inlineData` part after
 * a short text part, with `usageMetadata` whose IMAGE tokens are 1290 an image.
 */
type Fail = (status: number, message: string) => void;

const ASPECT_SIZES: Record<string, string> = {
  '1:1': '1024x1024',
  '3:4': '896x1280',
  '4:3': '1280x896',
  '9:16': '768x1408',
  '16:9': '1408x768',
};
export const GEMINI_IMAGE_TOKENS = 1290;
export const IMAGE_MODELS = [
  'imagen-4.0-generate-001',
  'imagen-4.0-fast-generate-001',
  'imagen-4.0-ultra-generate-001',
  'gemini-2.5-flash-image',
];

export async function imagenPredict(exchange: Exchange, state: EmulatorState, fail: Fail, model: string, body: any): Promise<void> {
  const prompt = body?.instances?.[0]?.prompt;
  if (!model.startsWith('imagen') || !IMAGE_MODELS.includes(model)) return fail(404, `models/${model} is not found for predict.`);
  if (typeof prompt !== 'string' || prompt === '') return fail(400, 'Invalid value at instances[0].prompt: a prompt is required.');
  const count = body.parameters?.sampleCount ?? 4;
  if (!Number.isInteger(count) || count < 1 || count > 4) return fail(400, 'sampleCount must be from 1 to 4.');
  const size = ASPECT_SIZES[body.parameters?.aspectRatio ?? '1:1'];
  if (!size) return fail(400, `Unsupported aspect ratio: ${body.parameters.aspectRatio}.`);
  const behaviour = await openingMoves(exchange, state, 'google', model, (status) => fail(status, `Scripted error ${status}.`));
  if (!behaviour) return;
  const predictions = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      bytesBase64Encoded: await emulatedImage(prompt, index, size),
      mimeType: 'image/png',
    })),
  );
  return answerJson(exchange, behaviour, { predictions });
}

/** Whether a generateContent request asks for image output (its model must then be an image model). */
export const asksImages = (body: any) =>
  Array.isArray(body?.generationConfig?.responseModalities) && body.generationConfig.responseModalities.includes('IMAGE');

export async function geminiImage(exchange: Exchange, state: EmulatorState, fail: Fail, model: string, body: any): Promise<void> {
  if (model !== 'gemini-2.5-flash-image') return fail(400, `Model ${model} does not support the requested response modalities: image.`);
  const prompt = (body.contents ?? [])
    .flatMap((content: any) => content?.parts ?? [])
    .map((part: any) => part?.text ?? '')
    .join(' ');
  const size = ASPECT_SIZES[body.generationConfig?.imageConfig?.aspectRatio ?? '1:1'] ?? '1024x1024';
  const behaviour = await openingMoves(exchange, state, 'google', model, (status) => fail(status, `Scripted error ${status}.`));
  if (!behaviour) return;
  const text = 'Here is your image.';
  const promptTokens = countWords(prompt);
  const textTokens = countWords(text);
  return answerJson(exchange, behaviour, {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [{ text }, { inlineData: { mimeType: 'image/png', data: await emulatedImage(prompt, 0, size) } }],
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
    usageMetadata: {
      promptTokenCount: promptTokens,
      candidatesTokenCount: GEMINI_IMAGE_TOKENS + textTokens,
      totalTokenCount: promptTokens + GEMINI_IMAGE_TOKENS + textTokens,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
      candidatesTokensDetails: [
        { modality: 'TEXT', tokenCount: textTokens },
        { modality: 'IMAGE', tokenCount: GEMINI_IMAGE_TOKENS },
      ],
    },
    modelVersion: model,
  });
}
