import type { Request, Response } from 'express';
import type { CustomerDirectory } from '../../../license/customers/customer-directory';
import { CUSTOMER_ID_PATTERN, type CustomerRecord } from '../../../license/customers/customer-rows';
import { spendCsv } from '../../../router/usage/spend-csv';
import { parseSpendQuery, spendReport } from '../../../router/usage/spend-report';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { normaliseSiteUrl } from '../../../support/site-url';
import { context } from '../../server/context';

/** A customer as admins see it (docs/api-notes.md "Customers and tenancy"). */
export function customerToJson(customer: CustomerRecord) {
  return {
    object: 'customer',
    id: customer.id,
    name: customer.name,
    email: customer.email,
    store: customer.store,
    woo_customer_id: customer.wooCustomerId,
    sites: customer.sites,
    created_at: new Date(customer.createdAt).toISOString(),
  };
}

const customerId = (request: Request) => {
  const id = String(request.params.id ?? '');
  if (!CUSTOMER_ID_PATTERN.test(id)) throw ApiError.notFound('No customer has this id.');
  return id;
};

/** Admin routes for customers (list, show, give a site to one) and the spend report (JSON or CSV). */
export function customerHandlers(services: Pick<Services, 'logger' | 'database'> & { customers: CustomerDirectory }) {
  const { store } = services.customers;
  return {
    async list(_request: Request, response: Response) {
      response.json({ object: 'list', data: (await store.list()).map(customerToJson) });
    },

    async show(request: Request, response: Response) {
      const customer = await store.find(customerId(request));
      if (!customer) throw ApiError.notFound('No customer has this id.');
      response.json(customerToJson(customer));
    },

    /** `POST customers/{id}/sites {site_url}`: the site is this customer's from now on (a later order does not change it). */
    async assign(request: Request, response: Response) {
      const id = customerId(request);
      const body = context(response).json ?? {};
      const site = normaliseSiteUrl(body.site_url);
      if (!site) throw ApiError.invalidRequest({ site_url: 'must be the site URL (http or https)' });
      if (!(await services.customers.assign(site, id))) throw ApiError.notFound('No customer has this id.');
      services.logger.info('site assigned to a customer', { customer_id: id, site_url: site, actor: context(response).wordpressUser });
      response.json(customerToJson((await store.find(id))!));
    },

    /** `GET reports/spend?by=&period=&from=&to=&customer=&format=json|csv` (docs/api-notes.md "Spend reports"). */
    async spend(request: Request, response: Response) {
      const raw = request.query as Record<string, unknown>;
      const format = raw.format ?? 'json';
      if (format !== 'json' && format !== 'csv') throw ApiError.invalidRequest({ format: 'must be json or csv' });
      const query = parseSpendQuery(raw);
      const rows = await spendReport(services.database, query);
      if (format === 'csv') {
        response.type('text/csv; charset=utf-8').send(spendCsv(query, rows));
        return;
      }
      response.json({
        object: 'spend_report',
        by: query.by,
        period: query.period,
        from: query.from.toISOString(),
        to: query.to.toISOString(),
        customer: query.customer,
        currency: 'USD',
        data: rows,
      });
    },
  };
}
