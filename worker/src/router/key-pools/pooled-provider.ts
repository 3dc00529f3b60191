import { UpstreamError } from '../../providers/errors';
import type { ChatRequest, Provider, StreamEvent } from '../../providers/types';
import type { CooldownBook } from './cooldowns';
import type { Deployment } from './deployment-rows';
import { pickByWeight } from './pick';

/** What the pooled provider needs from key-pools.ts. */
export interface PoolParts {
  deployments: Deployment[];
  cooldowns: Pick<CooldownBook, 'active' | 'isCooling' | 'cool'>;
  /** The provider instance (one connection pool) of a deployment. */
  instanceOf(deployment: Deployment): Provider;
  /** How long a deployment cools after a 429/5xx when the provider asks for no longer (SVC_POOL_COOLDOWN_SECONDS). */
  cooldownMs: number;
}

/** The status of a failure that cools a deployment down (429, 5xx), else null. */
function coolingStatus(error: unknown): number | null {
  if (!(error instanceof UpstreamError)) return null;
  const status = error.details.statusCode;
  return status !== undefined && (status === 429 || status >= 500) ? status : null;
}

/**
 * A provider whose calls go to one deployment of its pool, drawn by weight among those not
 * cooling down. A deployment that answers 429 or 5xx (before the first streamed event) cools
 * down for SVC_POOL_COOLDOWN_SECONDS, or the provider's Retry-After when longer, and the same
 * attempt fails over to another deployment. When every deployment is cooling the attempt fails
 * at once, not retryable: the router moves on to the purpose's next model (attempts.ts).
 */
export function withKeyPool(name: string, parts: PoolParts): Provider {
  const cool = async (deployment: Deployment, error: unknown): Promise<boolean> => {
    const status = coolingStatus(error);
    if (status === null) return false;
    const asked = error instanceof UpstreamError ? (error.details.retryAfterMs ?? 0) : 0;
    await parts.cooldowns.cool(name, deployment.id, Math.max(parts.cooldownMs, asked), status).catch(() => undefined);
    return true;
  };
  const next = async (tried: Set<string>, lastError: unknown): Promise<Deployment> => {
    const active = await parts.cooldowns.active();
    const open = parts.deployments.filter(
      (deployment) => !tried.has(deployment.id) && !parts.cooldowns.isCooling(active, name, deployment.id),
    );
    const chosen = pickByWeight(open);
    if (chosen) return chosen;
    if (lastError) throw lastError;
    throw new UpstreamError(`every deployment of ${name} is cooling down`, {
      provider: name,
      isRetryable: false,
      providerCode: 'every_deployment_cooling',
    });
  };
  /** One blocking call on a deployment, failing over to another while deployments answer 429/5xx (embeddings, images). */
  const failingOver = async <T>(use: (instance: Provider) => Promise<T>): Promise<T> => {
    const tried = new Set<string>();
    let lastError: unknown;
    for (;;) {
      const deployment = await next(tried, lastError);
      tried.add(deployment.id);
      try {
        return await use(parts.instanceOf(deployment));
      } catch (error) {
        if (!(await cool(deployment, error))) throw error;
        lastError = error;
      }
    }
  };
  return {
    name,
    chat: async (request, options) => {
      const tried = new Set<string>();
      let lastError: unknown;
      for (;;) {
        const deployment = await next(tried, lastError);
        tried.add(deployment.id);
        try {
          return await parts.instanceOf(deployment).chat(request, options);
        } catch (error) {
          if (!(await cool(deployment, error))) throw error;
          lastError = error;
        }
      }
    },
    stream: (request: ChatRequest, options) => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<StreamEvent> {
        const tried = new Set<string>();
        let lastError: unknown;
        for (;;) {
          const deployment = await next(tried, lastError);
          tried.add(deployment.id);
          const iterator = parts.instanceOf(deployment).stream(request, options)[Symbol.asyncIterator]();
          let first: IteratorResult<StreamEvent>;
          try {
            first = await iterator.next();
          } catch (error) {
            if (!(await cool(deployment, error))) throw error;
            lastError = error;
            continue;
          }
          if (first.done) return;
          yield first.value;
          try {
            for (let event = await iterator.next(); !event.done; event = await iterator.next()) yield event.value;
          } catch (error) {
            await cool(deployment, error);
            throw error;
          } finally {
            await iterator.return?.();
          }
          return;
        }
      },
    }),
    embed: (request, options) =>
      failingOver((instance) => {
        if (!instance.embed) throw new UpstreamError(`${name} has no embeddings API`, { provider: name, isRetryable: false });
        return instance.embed(request, options);
      }),
    generateImages: (request, options) =>
      failingOver((instance) => {
        if (!instance.generateImages) throw new UpstreamError(`${name} has no image generation`, { provider: name, isRetryable: false });
        return instance.generateImages(request, options);
      }),
    editImages: (request, options) =>
      failingOver((instance) => {
        if (!instance.editImages) throw new UpstreamError(`${name} has no image edits`, { provider: name, isRetryable: false });
        return instance.editImages(request, options);
      }),
    close: async () => undefined,
  };
}
