import type { ModelCallResult } from '../calls/model-call';
import type { CatalogModel } from '../catalog/models';
import type { ImageResult } from '../../providers/image-types';
import type { ParsedImageRequest } from './image-request';
import type { ImageFiles } from './image-files';

/**
 * OpenAI's images answer: `created`, `data` ({b64_json} or {url}, with `revised_prompt` when
 * the provider gave one), the options the call ran with, `usage` when the provider reported
 * tokens (gpt-image-1's shape), and the hub's `router` block (docs/architecture.md §4).
 */
export function imageAnswer(
  body: ParsedImageRequest,
  done: ModelCallResult<{ images: ImageResult; model: CatalogModel }>,
  files: ImageFiles,
) {
  const { images } = done.result;
  const usage = images.usage;
  const imageIn = usage?.imageInputTokens ?? 0;
  return {
    created: Math.floor(Date.now() / 1000),
    data: images.images.map((image) => ({
      ...(body.responseFormat === 'url'
        ? { url: files.store(Buffer.from(image.base64, 'base64'), image.mediaType) }
        : { b64_json: image.base64 }),
      ...(image.revisedPrompt !== undefined && { revised_prompt: image.revisedPrompt }),
    })),
    ...(body.background !== undefined && { background: body.background }),
    ...(body.outputFormat !== undefined && { output_format: body.outputFormat }),
    ...(body.size !== undefined && { size: body.size }),
    ...(body.quality !== undefined && { quality: body.quality }),
    ...(usage && {
      usage: {
        input_tokens: usage.promptTokens,
        output_tokens: usage.completionTokens,
        total_tokens: usage.totalTokens,
        input_tokens_details: { text_tokens: usage.promptTokens - imageIn, image_tokens: imageIn },
      },
    }),
    model: done.model.id,
    router: done.finished.router,
  };
}
