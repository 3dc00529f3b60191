import type { Request, RequestHandler, Response } from 'express';
import { ApiError } from '../../support/api-error';
import type { Caller } from '../../router/calls/chat-call';
import { imagesEditCall, imagesGenerationCall, type ImageCallServices } from '../../router/images/images-call';
import type { CallHandler } from '../middleware/call-handler';
import { type RequestContext } from '../server/context';
import { sendJson } from '../answers/send-json';

function caller(state: RequestContext): Caller {
  return { requestId: state.requestId, keyId: state.apiKey!.id, keyTeam: state.apiKey!.team, siteUrl: state.apiKey!.siteUrl };
}

/** POST /images/generations (docs/api-notes.md "Images"). */
export function imageGenerationsHandler(router: ImageCallServices): CallHandler {
  return async (state, response) => {
    const answer = await imagesGenerationCall(router, state.json ?? {}, caller(state), response);
    if (answer) sendJson(response, 200, answer);
  };
}

/** POST /images/edits: a multipart body (the route reads no JSON, its own body limit), on a call slot like every call. */
export function imageEditsHandler(router: ImageCallServices): CallHandler {
  return async (state, response) => {
    const answer = await imagesEditCall(router, { contentType: state.contentType, body: state.rawBody }, caller(state), response);
    if (answer) sendJson(response, 200, answer);
  };
}

/** GET /images/files/{sha256}.{png|jpeg|webp}: a `response_format: url` image while it lasts (an hour), else 404. */
export function imageFileHandler(router: ImageCallServices): RequestHandler {
  return (request: Request, response: Response) => {
    const name = String(request.params.file ?? '');
    const file = /^[0-9a-f]{64}\.(png|jpeg|webp)$/.test(name) ? router.imageFiles.file(name) : null;
    if (!file) throw ApiError.notFound('No image has this name, or it expired (images answered as URLs last an hour).');
    response.setHeader('Content-Type', file.mediaType);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'private, max-age=3600');
    response.send(file.bytes);
  };
}
