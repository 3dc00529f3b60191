import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { ApiError } from '../../support/api-error';
import { sniffImageType } from '../../support/image-fetch';
import type { Caller } from '../../router/calls/chat-call';
import { imagesGenerationCall, type ImageCallServices } from '../../router/images/images-call';
import type { Library } from '../../library/library';
import type { ImageGenerator } from '../../library/renders/generated-layers';
import { RenderFiles, RENDER_FILE_NAME } from '../../library/renders/render-files';
import type { CallHandler } from '../middleware/call-handler';
import { requireFeatures } from '../middleware/feature-gate';
import type { EntitlementGate } from '../../license/gate';
import type { ApiKeyRecord } from '../../license/api-keys';
import { headWith } from '../answers/staged-headers';
import { sendJson } from '../answers/send-json';

/**
 * The router's image generation as the library's ImageGenerator (docs/library.md "Generated
 * layers"): one `images/generations` call per generated layer as the render's caller — their key,
 * team, campaign and budget, one usage row of kind `images` — its refusal (a 429 budget, a 400
 * naming the model's options) passing through as it is. Drawing a layer is image generation, so
 * the caller's licence must hold `llm.images` as for `images/generations` (403 svc_no_entitlement).
 */
function routerGenerator(
  router: ImageCallServices,
  gate: EntitlementGate,
  key: ApiKeyRecord,
  caller: Caller,
  client: ServerResponse,
): ImageGenerator {
  return {
    async generate(request) {
      await requireFeatures(gate, key, ['llm.images']);
      const raw = {
        model: request.model,
        prompt: request.prompt,
        size: request.size,
        n: 1,
        ...(request.quality && { quality: request.quality }),
        metadata: request.metadata,
      };
      const answer = (await imagesGenerationCall(router, raw, caller, client)) as { data?: { b64_json?: string }[] } | null;
      const base64 = answer?.data?.[0]?.b64_json;
      if (!answer) throw new Error('the client hung up while a generated layer was drawn');
      const bytes = Buffer.from(base64 ?? '', 'base64');
      const mediaType = sniffImageType(bytes);
      if (!mediaType) throw ApiError.internal();
      return { bytes, mediaType };
    },
  };
}

/** `POST /svc/v1/image-renders` and `GET /svc/v1/image-renders/files/{sha256}.{ext}` (docs/library.md "Rendering"). */
export function imageRenderHandlers(library: Library, router: ImageCallServices, gate: EntitlementGate, publicUrl: string) {
  const files = new RenderFiles(publicUrl);
  const render: CallHandler = async (state, response) => {
    const key = state.apiKey!;
    const caller: Caller = { requestId: state.requestId, keyId: key.id, keyTeam: key.team, siteUrl: key.siteUrl };
    const result = await library.renderer.render(state.json ?? {}, {
      requestId: state.requestId,
      keyId: key.id,
      siteUrl: key.siteUrl,
      team: key.team,
      generator: routerGenerator(router, gate, key, caller, response),
    });
    if (response.writableEnded || response.destroyed) return;
    const headers = ['X-Render-Cache', result.cache, 'X-Template-Hash', result.template.hash, 'Cache-Control', 'private, no-store'];
    for (let index = 0; index < headers.length; index += 2) response.setHeader(headers[index]!, headers[index + 1]!);
    if (result.response === 'url') {
      const kept = files.store(result.bytes, result.mediaType);
      sendJson(response, 200, {
        object: 'image_render',
        url: kept.url,
        expires_at: kept.expiresAt.toISOString(),
        media_type: result.mediaType,
        width: result.width,
        height: result.height,
        bytes: result.bytes.length,
        template: result.template,
      });
      return;
    }
    const etag = `"${createEtag(result.bytes)}"`;
    response.writeHead(
      200,
      headWith(response, [
        'Content-Type',
        result.mediaType,
        'Content-Length',
        String(result.bytes.length),
        'ETag',
        etag,
        'X-Content-Type-Options',
        'nosniff',
        ...(result.mediaType === 'image/svg+xml' ? ['Content-Security-Policy', 'sandbox'] : []),
      ]),
    );
    response.end(result.bytes);
  };
  const file: RequestHandler = (request: Request, response: Response) => {
    const name = String(request.params.file ?? '');
    const kept = RENDER_FILE_NAME.test(name) ? files.file(name) : null;
    if (!kept) throw ApiError.notFound('No render has this name, or it expired (renders answered as URLs last 15 minutes).');
    response.setHeader('Content-Type', kept.mediaType);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Content-Security-Policy', 'sandbox');
    response.setHeader('Cache-Control', 'private, max-age=900');
    response.send(kept.bytes);
  };
  return { render, file };
}

function createEtag(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url');
}
