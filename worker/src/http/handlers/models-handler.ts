import type { Request, Response } from 'express';
import { modelList, oneModel, purposeList, type ModelListServices } from '../../router/catalog/model-lists';

/** GET /models (only configured providers), GET /models/{id} (the id may hold slashes) and GET /models/purposes. */
export function modelHandlers(router: ModelListServices) {
  return {
    async models(_request: Request, response: Response) {
      response.json(await modelList(router));
    },

    async model(request: Request, response: Response) {
      const segments = request.params.id as unknown as string[] | string | undefined; // `*id`: the rest of the path
      response.json(await oneModel(router, Array.isArray(segments) ? segments.join('/') : String(segments ?? '')));
    },

    async purposes(_request: Request, response: Response) {
      response.json(await purposeList(router));
    },
  };
}
