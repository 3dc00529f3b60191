import type { Request, Response } from 'express';
import { orderDetail, type OrderDetailServices } from '../commerce';
import type { CommerceServices } from '../../../commerce/commerce-services';
import { ORDER_ID_PATTERN } from '../../../commerce/orders';
import { isOrderStatus, ORDER_STATUSES } from '../../../commerce/order-states';
import { PACKAGE_ID_PATTERN, parsePackage } from '../../../commerce/package-inputs';
import { packageWarnings } from '../../../commerce/package-warnings';
import type { PackageRecord, PackageStatus } from '../../../commerce/packages';
import { orderToJson, packageToJson } from '../../../commerce/serialise';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { normaliseSiteUrl } from '../../../support/site-url';
import { context } from '../../server/context';
import { setPageHeaders } from '../../answers/pagination';
import { readPage } from '../../../support/pagination';

const packageId = (request: Request) => {
  const id = String(request.params.id ?? '');
  if (!PACKAGE_ID_PATTERN.test(id)) throw ApiError.notFound('No package has this id.');
  return id;
};

/** Admin routes for packages (create, edit, archive, reactivate) and orders (search, detail). */
export function commerceAdminHandlers(
  services: OrderDetailServices & Pick<Services, 'config' | 'logger'> & { commerce: Pick<CommerceServices, 'packages' | 'wooCommerce'> },
) {
  const { packages, orders, wooCommerce } = services.commerce;
  /** The package, with `warnings` (always a list) about what would keep it from selling. */
  const withWarnings = async (record: PackageRecord) => ({
    ...packageToJson(record),
    warnings: await packageWarnings(record, wooCommerce),
  });
  const setStatus = (status: PackageStatus) => async (request: Request, response: Response) => {
    const record = await packages.setStatus(packageId(request), status);
    if (!record) throw ApiError.notFound('No package has this id.');
    services.logger.info(`package ${status === 'archived' ? 'archived' : 'reactivated'}`, {
      package_id: record.packageId,
      actor: context(response).wordpressUser,
    });
    response.json(packageToJson(record));
  };
  return {
    async listPackages(request: Request, response: Response) {
      const status = request.query.status;
      if (status !== undefined && status !== 'active' && status !== 'archived') {
        throw ApiError.invalidRequest({ status: 'must be "active" or "archived"' });
      }
      response.json({ object: 'list', data: (await packages.list(status)).map(packageToJson) });
    },

    async createPackage(_request: Request, response: Response) {
      const record = await packages.create(parsePackage(context(response).json ?? {}));
      services.logger.info('package created', { package_id: record.packageId, actor: context(response).wordpressUser });
      response.status(201).json(await withWarnings(record));
    },

    async updatePackage(request: Request, response: Response) {
      const id = packageId(request);
      const record = await packages.update(parsePackage(context(response).json ?? {}, id));
      if (!record) throw ApiError.notFound('No package has this id.');
      response.json(await withWarnings(record));
    },

    archivePackage: setStatus('archived'),
    activatePackage: setStatus('active'),

    async listOrders(request: Request, response: Response) {
      const page = readPage(request.query);
      const problems: Record<string, string> = {};
      const siteUrl = request.query.site_url === undefined ? undefined : normaliseSiteUrl(request.query.site_url);
      if (siteUrl === null) problems.site_url = 'must be an absolute http(s) URL';
      const status = request.query.status;
      if (status !== undefined && !isOrderStatus(status)) problems.status = `must be one of ${ORDER_STATUSES.join(', ')}`;
      if (Object.keys(problems).length > 0) throw ApiError.invalidRequest(problems);
      const result = await orders.list({ siteUrl: siteUrl ?? undefined, status: status as never, ...page });
      setPageHeaders(request, response, page, result.total, services.config.publicUrl);
      response.json({ object: 'list', data: result.items.map(orderToJson) });
    },

    async order(request: Request, response: Response) {
      const id = String(request.params.id ?? '');
      const detail = ORDER_ID_PATTERN.test(id) ? await orderDetail(services, id) : null;
      if (!detail) throw ApiError.notFound('No order has this id.');
      response.json(detail.json);
    },
  };
}
