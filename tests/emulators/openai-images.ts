import { countWords, isUnknownModel } from './answer';
import type { Exchange } from './exchange';
import { answerJson, openingMoves, unixSeconds, type EmulatorState, type Incoming } from './flow';
import { emulatedImage } from './image-bytes';

/**
 * OpenAI's Images API (synthetic, from its API reference and image-generation guide):
 * `POST /images/generations` (JSON) and `POST /images/edits` (multipart/form-data). gpt-image-1
 * answers base64 only (it refuses `response_format`), bills tokens — input: the prompt's words
 * plus 323 per input image (synthetic), output: the guide's tokens per image (272 / 1056 / 4160
 * square, 408 / 1584 / 6240 otherwise; `auto` quality draws medium, `auto` size 1024×1024) — and
 * says so in `usage`; DALL·E 3 makes one image with a `revised_prompt`, no usage; DALL·E 2 has no
 * quality or style. Options a model lacks are refused as OpenAI refuses them (400 with `param`).
 */
export const IMAGE_ROUTES = ['POST /images/generations', 'POST /images/edits'];

type Fail = (status: number, message: string, param?: string | null, code?: string | null) => void;

const IMAGE_INPUT_TOKENS = 323;
const SQUARE: Record<string, number> = { low: 272, medium: 1056, high: 4160 };
const OBLONG: Record<string, number> = { low: 408, medium: 1584, high: 6240 };
const MODELS: Record<string, { sizes: string[]; options: string[]; edits: boolean; maxN: number }> = {
  'gpt-image-1': {
    sizes: ['auto', '1024x1024', '1536x1024', '1024x1536'],
    options: ['quality', 'background', 'output_format', 'output_compression', 'moderation'],
    edits: true,
    maxN: 10,
  },
  'dall-e-3': { sizes: ['1024x1024', '1792x1024', '1024x1792'], options: ['quality', 'style', 'response_format'], edits: false, maxN: 1 },
  'dall-e-2': { sizes: ['256x256', '512x512', '1024x1024'], options: ['response_format'], edits: true, maxN: 10 },
};
const OPTIONS = ['quality', 'background', 'output_format', 'output_compression', 'moderation', 'style', 'response_format'];

/** The form's fields as a JSON-like body (numbers read back), and its image files. */
async function formBody(incoming: Incoming): Promise<{ body: Record<string, unknown>; images: number } | null> {
  const type = String(incoming.headers['content-type'] ?? '');
  if (!type.startsWith('multipart/form-data')) return null;
  const form = await new Response(incoming.raw, { headers: { 'content-type': type } }).formData();
  const body: Record<string, unknown> = {};
  let images = 0;
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') images += name === 'image' || name === 'image[]' ? 1 : 0;
    else body[name] = name === 'n' || name === 'output_compression' ? Number(value) : value;
  }
  return { body, images };
}

export async function openAiImages(exchange: Exchange, incoming: Incoming, state: EmulatorState, fail: Fail): Promise<void> {
  const edit = incoming.path === '/images/edits';
  const read = edit ? await formBody(incoming) : { body: incoming.body as Record<string, unknown> | null, images: 0 };
  if (!read || !read.body || typeof read.body !== 'object') return fail(400, 'Invalid body for the Images API.');
  const { body, images } = read;
  const model = typeof body.model === 'string' ? body.model : edit ? 'dall-e-2' : 'dall-e-2';
  exchange.entry.model = model;
  if (isUnknownModel(model) || !MODELS[model])
    return fail(404, `The model \`${model}\` does not exist or you do not have access to it.`, null, 'model_not_found');
  const facts = MODELS[model]!;
  if (typeof body.prompt !== 'string' || body.prompt === '') return fail(400, "Missing required parameter: 'prompt'.", 'prompt');
  if (edit && !facts.edits) return fail(400, `Invalid value: '${model}'. Value must be 'dall-e-2' or 'gpt-image-1'.`, 'model');
  if (edit && images === 0) return fail(400, "Missing required parameter: 'image'.", 'image');
  for (const option of OPTIONS)
    if (body[option] !== undefined && !facts.options.includes(option))
      return fail(400, `Unknown parameter: '${option}'.`, option, 'unknown_parameter');
  const size = typeof body.size === 'string' ? body.size : facts.sizes.includes('auto') ? 'auto' : '1024x1024';
  if (!facts.sizes.includes(size)) return fail(400, `Invalid value: '${size}'. Supported values are: ${facts.sizes.join(', ')}.`, 'size');
  const n = body.n === undefined ? 1 : Number(body.n);
  if (!Number.isInteger(n) || n < 1 || n > facts.maxN) return fail(400, `Invalid 'n': must be from 1 to ${facts.maxN}.`, 'n');
  const behaviour = await openingMoves(exchange, state, 'openai', model, (status) => fail(status, `Scripted error ${status}.`));
  if (!behaviour) return;
  const drawn = size === 'auto' ? '1024x1024' : size;
  const quality = body.quality === undefined || body.quality === 'auto' ? 'medium' : String(body.quality);
  const format = typeof body.output_format === 'string' ? body.output_format : 'png';
  const prompt = body.prompt;
  const data = await Promise.all(
    Array.from({ length: n }, async (_, index) => ({
      b64_json: await emulatedImage(prompt, index, drawn, format),
      ...(model === 'dall-e-3' && { revised_prompt: `A detailed rendering of: ${prompt}` }),
    })),
  );
  if (model !== 'gpt-image-1') return answerJson(exchange, behaviour, { created: unixSeconds(), data });
  const text = countWords(prompt);
  const input = text + images * IMAGE_INPUT_TOKENS;
  const output = n * (drawn === '1024x1024' ? SQUARE : OBLONG)[quality]!;
  return answerJson(exchange, behaviour, {
    created: unixSeconds(),
    background: body.background === 'transparent' ? 'transparent' : 'opaque',
    data,
    output_format: format,
    quality,
    size: drawn,
    usage: {
      input_tokens: input,
      input_tokens_details: { image_tokens: images * IMAGE_INPUT_TOKENS, text_tokens: text },
      output_tokens: output,
      total_tokens: input + output,
    },
  });
}

/** OpenRouter's image models on chat completions with `modalities` holding image (synthetic, from OpenRouter's docs). */
export const OPENROUTER_IMAGE_MODELS = ['google/gemini-2.5-flash-image'];
const OPENROUTER_IMAGE_TOKENS = 1290;
/** What the emulated OpenRouter charges: $0.30 per million input, $30 per million output tokens. */
export const openRouterImageCost = (input: number, output: number) => (input * 0.3 + output * 30) / 1_000_000;

export async function openRouterImage(exchange: Exchange, state: EmulatorState, fail: Fail, body: any): Promise<void> {
  if (!OPENROUTER_IMAGE_MODELS.includes(body.model)) return fail(400, `${body.model} does not support image output`);
  const prompt = (body.messages ?? []).map((message: any) => (typeof message?.content === 'string' ? message.content : '')).join(' ');
  const behaviour = await openingMoves(exchange, state, 'openrouter', body.model, (status) => fail(status, `Scripted error ${status}.`));
  if (!behaviour) return;
  const input = countWords(prompt);
  const output = OPENROUTER_IMAGE_TOKENS;
  const url = `data:image/png;base64,${await emulatedImage(prompt, 0, '1024x1024')}`;
  return answerJson(exchange, behaviour, {
    id: `gen-${Date.now()}`,
    object: 'chat.completion',
    created: unixSeconds(),
    model: body.model,
    provider: 'Google',
    choices: [
      {
        index: 0,
        finish_reason: 'stop',
        message: { role: 'assistant', content: '', images: [{ type: 'image_url', image_url: { url } }] },
      },
    ],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output, cost: openRouterImageCost(input, output) },
  });
}
