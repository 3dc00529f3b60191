import type { Raw } from '../../support/problems';
import type { CallClient } from '../calls/call-deadline';
import { CallRecord } from '../usage/call-record';
import { callIdentity, type Caller } from '../calls/chat-call';
import { runModelCall } from '../calls/model-call';
import { UpstreamError } from '../../providers/errors';
import { resolveTarget } from '../catalog/resolve';
import type { ImageRequest, ImageResult } from '../../providers/image-types';
import type { CatalogModel } from '../catalog/models';
import type { CallServices, PrepareServices } from '../calls/call-services';
import { checkForModel, parseImageRequest, priceKey, requireImageModel, type ParsedImageRequest } from './image-request';
import { imageCost, worstImageCost } from './image-cost';
import { imageAnswer } from './image-answer';
import { readImageForm } from './image-form';
import type { ImageFiles } from './image-files';

/** What an image call needs beyond a chat call's services: where `response_format: url` images are kept. */
export interface ImageCallServices extends CallServices, PrepareServices {
  imageFiles: ImageFiles;
}

/** What one attempt answered, with the model that answered it (the cost is that model's). */
interface AnsweredImages {
  images: ImageResult;
  model: CatalogModel;
}

/** A purpose's fallback model is tried only when it can honour the request as its first model does. */
function fits(body: ParsedImageRequest, model: CatalogModel, edit: boolean): boolean {
  try {
    checkForModel(body, model, edit);
    return true;
  } catch {
    return false;
  }
}

function providerRequest(body: ParsedImageRequest, model: CatalogModel): ImageRequest {
  return {
    model: model.name,
    prompt: body.prompt,
    n: body.n,
    ...(body.size !== undefined && { size: body.size }),
    ...(body.quality !== undefined && { quality: body.quality }),
    ...(body.background !== undefined && { background: body.background }),
    ...(body.outputFormat !== undefined && { outputFormat: body.outputFormat }),
    ...(body.outputCompression !== undefined && { outputCompression: body.outputCompression }),
    ...(body.moderation !== undefined && { moderation: body.moderation }),
    ...(body.style !== undefined && { style: body.style }),
    ...(body.user !== undefined && { user: body.user }),
    ...(body.images && { images: body.images }),
    ...(body.mask && { mask: body.mask }),
  };
}

/**
 * POST /images/generations and /images/edits (docs/api-notes.md "Images"): OpenAI's shape;
 * `raw` the parsed JSON (edits: the multipart fields, files in `images`/`mask`). Refuses by name
 * what the model cannot honour, reserves n images' worst case under budgets, runs on the
 * blocking engine (retries, fallback, deadline) and completes one usage row of kind `images`
 * priced per image or per token (image-cost.ts). The answer's body, or null when the client hung up.
 */
export function imagesGenerationCall(router: ImageCallServices, raw: Raw, caller: Caller, client: CallClient) {
  return imagesCall(router, parseImageRequest(raw), caller, client, false);
}

/** POST /images/edits: the multipart form (image-form.ts) as a generation's body with its files. */
export async function imagesEditCall(
  router: ImageCallServices,
  form: { contentType?: string; body: Buffer },
  caller: Caller,
  client: CallClient,
) {
  return imagesCall(router, parseImageRequest(await readImageForm(form.contentType, form.body)), caller, client, true);
}

async function imagesCall(router: ImageCallServices, body: ParsedImageRequest, caller: Caller, client: CallClient, edit: boolean) {
  const resolution = await resolveTarget(body, 'images', router.purposes, await router.providers.configuredNames());
  for (const model of resolution.candidates) requireImageModel(model);
  checkForModel(body, resolution.candidates[0]!, edit);
  const candidates = resolution.candidates.filter((model, index) => index === 0 || fits(body, model, edit));
  const record = new CallRecord(router.usage, router.prices, callIdentity(caller, body.metadata, resolution.purpose, 'images'));
  record.describeImages({ count: body.n, size: body.size ?? null, quality: body.quality ?? null });
  await record.reserve(router.budgets, caller.siteUrl, {
    candidates,
    measure: () => ({ textTokens: 0, images: 0 }),
    embeddings: true,
    worstCost: (model) => worstImageCost(model, priceKey(body, model), body.n, body.prompt, body.images?.length ?? 0),
  });
  const done = await runModelCall<AnsweredImages>(router, record, client, {
    candidates,
    promptText: body.prompt,
    call: async (provider, model, ended) => {
      const method = edit ? provider.editImages : provider.generateImages;
      if (!method)
        throw new UpstreamError(`${model.provider} has no image ${edit ? 'edits' : 'generation'}`, {
          provider: model.provider,
          isRetryable: false,
        });
      return { images: await method.call(provider, providerRequest(body, model), { signal: ended }), model };
    },
    measure: ({ images, model }) => ({
      usage: images.usage,
      outputText: '',
      cost: imageCost(model, priceKey(body, model), images, body.prompt),
    }),
    marksFirstToken: false,
  });
  if (!done) return null;
  return imageAnswer(body, done, router.imageFiles);
}
