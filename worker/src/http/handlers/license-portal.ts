import type { Request, Response } from 'express';
import { PortalLicences } from '../../license/portal/portal-licences';
import { ACTIVATION_ID_PATTERN } from '../../license/activations/activation-rows';
import { activationToJson, licenceToJson } from '../../license/licences/licence-json';
import type { LicenceRecord } from '../../license/licences/licence-rows';
import { releaseDownloadUrl } from '../../license/releases/release-services';
import type { Services } from '../../services';
import { ApiError } from '../../support/api-error';
import { readCount } from '../../support/number-input';
import { Problems, type Raw } from '../../support/problems';
import { context } from '../server/context';

const WOO_ID = { min: 1, max: Number.MAX_SAFE_INTEGER, strings: false };

function wooId(raw: Raw, name: string, problems: Problems): number {
  const reading = readCount(raw[name], WOO_ID);
  if (reading.problem) problems.add(name, reading.problem);
  return reading.value ?? 0;
}

/**
 * The shell's signed calls for the hub's WooCommerce customer portal (docs/commerce.md "Customer
 * portal"): PHP names the logged-in customer (or the order it shows) and the worker answers only
 * with that customer's licences, each with its key in clear, its activations and each licensed
 * site's AI allowance and credits; a deactivation of another customer's activation is 404.
 */
export function licencePortalHandlers(
  services: Pick<Services, 'database' | 'licences' | 'customers' | 'ai' | 'releases' | 'gate' | 'keyLookup' | 'logger'>,
) {
  const portal = new PortalLicences(services.database);
  const { licences, activationRows, activations } = services.licences;

  /** The package's current stable release, with a signed short-lived URL for the buyer's site while its licence covers it; else null. */
  async function download(licence: LicenceRecord) {
    const product = await portal.productOf(licence.packageId);
    if (!product) return null;
    const release = (await services.releases.releases.rows.forProduct(product)).find((row) => !row.withdrawn && row.channel === 'stable');
    if (!release || !(await services.releases.releases.coverage.coverage(licence.siteUrl, product)).covered) return null;
    return {
      name: release.name,
      version: release.version,
      url: releaseDownloadUrl(services.releases, licence.siteUrl, release.id),
    };
  }

  async function show(id: string) {
    const licence = await licences.find(id);
    if (!licence) return null;
    const rows = await activationRows.forLicence(id);
    const sites = [...new Set([licence.siteUrl, ...rows.filter((row) => row.status === 'active').map((row) => row.siteUrl)])];
    const ai = [];
    for (const site of sites)
      ai.push({ site_url: site, ...(await services.ai.status.block(site, await services.customers.customerOf(site))) });
    return { ...licenceToJson(licence, rows, (await licences.key(id)) ?? undefined), ai, download: await download(licence) };
  }

  return {
    /** `POST internal/portal/licenses { woo_customer_id } | { woo_order_id }` → the licences shown. */
    async list(_request: Request, response: Response) {
      const raw = context(response).json ?? {};
      const problems = new Problems();
      const byOrder = raw.woo_order_id !== undefined;
      const id = wooId(raw, byOrder ? 'woo_order_id' : 'woo_customer_id', problems);
      problems.throwIfAny();
      const ids = byOrder ? [await portal.forOrder(id)].filter((found): found is string => found !== null) : await portal.forCustomer(id);
      const data = [];
      for (const licenceId of ids) {
        const shown = await show(licenceId);
        if (shown) data.push(shown);
      }
      response.setHeader('Cache-Control', 'no-store').json({ object: 'list', data });
    },

    /** `POST internal/portal/deactivate { woo_customer_id, activation_id }`: only the customer's own active activation. */
    async deactivate(_request: Request, response: Response) {
      const raw = context(response).json ?? {};
      const problems = new Problems();
      const customer = wooId(raw, 'woo_customer_id', problems);
      const id = typeof raw.activation_id === 'string' && ACTIVATION_ID_PATTERN.test(raw.activation_id) ? raw.activation_id : '';
      if (!id) problems.add('activation_id', 'must be an activation id (act_ followed by 26 characters)');
      problems.throwIfAny();
      const activation = await activationRows.find(id);
      const owned =
        activation !== null && activation.status === 'active' && (await portal.forCustomer(customer)).includes(activation.licenceId);
      if (!owned) throw ApiError.notFound('No activation of yours has this id.');
      const ended = await activations.deactivate(activation, `woocommerce-customer:${customer}`);
      services.keyLookup.forget(activation.apiKeyId);
      services.gate.forget(activation.siteUrl);
      services.logger.info('licence deactivated', {
        activation_id: id,
        site_url: activation.siteUrl,
        actor: `woocommerce-customer:${customer}`,
      });
      response.json(activationToJson(ended));
    },
  };
}
