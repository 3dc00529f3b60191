import type { Request, Response } from 'express';
import type { PluginActivation } from '../../db/plugin-activation';

/**
 * `POST /wp-json/svc-hub/v1/internal/plugin-state` (signed by the shell, body `{ "changed": "active_plugins" }`, ignored): WordPress
 * has just activated or deactivated the plugin; the worker re-reads WordPress's record at once
 * instead of within seconds (docs/architecture.md §1, "Deactivate means off") and answers
 * `{ active }`. The request carries no state of its own: the database decides.
 */
export function pluginStateHandler(activation: Pick<PluginActivation, 'refresh'>) {
  return async (_request: Request, response: Response): Promise<void> => {
    response.setHeader('Cache-Control', 'no-store');
    response.json({ active: await activation.refresh() });
  };
}
