import type { Request, Response } from 'express';
import { parseStagingPattern } from '../../../license/activations/activation-inputs';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { context } from '../../server/context';

const CUSTOMER_ID = /^cus_[0-9A-Z]{26}$/;

/**
 * A customer's own staging host patterns on the admin screen (docs/commerce.md "Staging and
 * development sites"): read them, remove one. Adding is `POST admin/staging-patterns`.
 */
export function stagingPatternHandlers(services: Pick<Services, 'licences'>) {
  const { activationRows } = services.licences;
  return {
    /** `GET admin/staging-patterns?customer_id=cus_…` → `{ customer_id, patterns }`. */
    async list(request: Request, response: Response) {
      const customerId = request.query.customer_id;
      if (typeof customerId !== 'string' || !CUSTOMER_ID.test(customerId))
        throw ApiError.invalidRequest({ customer_id: 'must be a customer id (cus_…)' });
      response.json({ customer_id: customerId, patterns: await activationRows.stagingPatterns(customerId) });
    },

    /** `POST admin/staging-patterns/remove { customer_id, pattern }` → the patterns left; 404 when the customer has no such pattern. */
    async remove(_request: Request, response: Response) {
      const input = parseStagingPattern(context(response).json ?? {});
      if (!(await activationRows.removeStagingPattern(input.customerId, input.pattern)))
        throw ApiError.notFound('This customer has no such staging pattern.');
      response.json({ customer_id: input.customerId, patterns: await activationRows.stagingPatterns(input.customerId) });
    },
  };
}
