import type { Request, Response } from 'express';
import { ITEM_ID_PATTERN, type ItemStatus } from '../../../library/vocabulary';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { context } from '../../server/context';

const itemId = (request: Request) => {
  const id = String(request.params.id ?? '');
  if (!ITEM_ID_PATTERN.test(id)) throw ApiError.notFound('No library item has this id.');
  return id;
};

/**
 * Admin routes of the image library (/wp-json/svc-hub/v1/admin/library/…): import a pack,
 * export the library as a pack, archive, restore or delete an item. Every change raises the
 * library version (in its own transaction) and answers with the new version and hash.
 */
export function libraryAdminHandlers(services: Pick<Services, 'library' | 'logger'>) {
  const { library, logger } = services;
  const setStatus = (status: ItemStatus) => async (request: Request, response: Response) => {
    const id = itemId(request);
    const state = await library.writer.setStatus(id, status);
    if (!state) throw ApiError.notFound('No library item has this id.');
    logger.info(`library item ${status === 'archived' ? 'archived' : 'restored'}`, {
      id,
      version: state.version,
      actor: context(response).wordpressUser,
    });
    response.json({ object: 'library_change', id, status, library_version: state.version, library_hash: state.hash });
  };
  return {
    async importPack(_request: Request, response: Response) {
      const report = await library.importPack(context(response).json ?? {});
      logger.info('library pack imported', {
        created: report.created.length,
        updated: report.updated.length,
        unchanged: report.unchanged,
        version: report.version,
        actor: context(response).wordpressUser,
      });
      response.json({ object: 'library_import', ...report });
    },

    async exportPack(_request: Request, response: Response) {
      response.setHeader('Cache-Control', 'no-store');
      response.json(await library.exportPack());
    },

    archive: setStatus('archived'),
    restore: setStatus('active'),

    async remove(request: Request, response: Response) {
      const id = itemId(request);
      const state = await library.writer.remove(id);
      if (!state) throw ApiError.notFound('No library item has this id.');
      logger.info('library item deleted', { id, version: state.version, actor: context(response).wordpressUser });
      response.json({ object: 'library_change', id, deleted: true, library_version: state.version, library_hash: state.hash });
    },
  };
}
