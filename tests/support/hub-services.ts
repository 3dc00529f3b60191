import { loadConfig } from '../../worker/src/config';
import { createServices, type Services } from '../../worker/src/services';
import { silentLogger } from '../../worker/src/support/logger';
import { stack } from './stack';

/**
 * The worker's own services on the e2e stack's database, for tests that drive an area's
 * code directly (as a second worker would) and check what it stored. Close with `.database.close()`.
 */
export function hubServices(): Services {
  return createServices(loadConfig(stack().workerEnv), silentLogger);
}
