import type { Request, Response } from 'express';
import { modelList, purposeList } from '../../router/catalog/model-lists';
import type { RouterServices } from '../../router/router-services';

/** GET /models (only configured providers) and GET /models/purposes. */
export function modelHandlers(router: RouterServices) {
  return {
    async models(_request: Request, response: Response) {
      response.json(await modelList(router));
    },

    async purposes(_request: Request, response: Response) {
      response.json(await purposeList(router));
    },
  };
}
