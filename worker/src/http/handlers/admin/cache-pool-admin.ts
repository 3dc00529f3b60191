import type { Request, Response } from 'express';
import { KNOWN_PROVIDERS } from '../../../router/catalog/models';
import { poolStatus, POOLED_PROVIDERS, savePool, type PoolServices } from '../../../router/key-pools/pool-settings';
import { parsePolicy } from '../../../router/response-cache/policies';
import type { RouterServices } from '../../../router/router-services';
import { ApiError } from '../../../support/api-error';
import { context } from '../../server/context';

/** Admin routes of the response cache (policies) and of provider key pools (pools, cool-downs). */
export function cachePoolAdminHandlers(router: PoolServices & Pick<RouterServices, 'responseCache'>) {
  const pooledName = (request: Request) => {
    const name = String(request.params.name ?? '');
    if (!POOLED_PROVIDERS.includes(name))
      throw ApiError.notFound(`No provider "${name}" with a key pool; known: ${POOLED_PROVIDERS.join(', ')}.`);
    return name;
  };
  const policyTarget = (request: Request) => ({ type: String(request.params.type ?? ''), target: String(request.params.target ?? '') });
  return {
    async cachePolicies(_request: Request, response: Response) {
      response.json({ object: 'list', data: await router.responseCache.policies.list() });
    },
    async saveCachePolicy(request: Request, response: Response) {
      const { type, target } = policyTarget(request);
      const policy = parsePolicy(type, target, context(response).json ?? {});
      await router.responseCache.policies.set(policy);
      response.json(policy);
    },
    async removeCachePolicy(request: Request, response: Response) {
      const { type, target } = policyTarget(request);
      if (!(await router.responseCache.policies.remove(type, target))) throw ApiError.notFound(`No cache policy for ${type} "${target}".`);
      response.json({ target_type: type, target, deleted: true });
    },
    async pool(request: Request, response: Response) {
      const name = pooledName(request);
      response.json({ provider: name, deployments: await poolStatus(router, name) });
    },
    async savePool(request: Request, response: Response) {
      const name = pooledName(request);
      response.json({ provider: name, deployments: await savePool(router, name, context(response).json ?? {}) });
    },
    /** Every provider's pool and cool-downs (the admin screen's Providers panel). */
    async pools(_request: Request, response: Response) {
      const names = KNOWN_PROVIDERS.filter((name) => POOLED_PROVIDERS.includes(name));
      const data = await Promise.all(names.map(async (name) => ({ provider: name, deployments: await poolStatus(router, name) })));
      response.json({ object: 'list', data: data.filter((entry) => entry.deployments.length > 0) });
    },
  };
}
