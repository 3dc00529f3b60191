import type { Request, Response } from 'express';
import { modelList, purposeList, type ModelListServices } from '../../router/catalog/model-lists';

/** GET /models (only configured providers) and GET /models/purposes. */
export function modelHandlers(router: ModelListServices) {
  return {
    async models(_request: Request, response: Response) {
      response.json(await modelList(router));
    },

    async purposes(_request: Request, response: Response) {
      response.json(await purposeList(router));
    },
  };
}
