import type { Logger } from '../support/logger';
import { Periodic } from '../support/periodic';

/** How often each worker re-reads WordPress's record of the plugin (docs/architecture.md §1, "Deactivate means off"). */
export const PLUGIN_STATE_REFRESH_MS = 2_000;

/**
 * Whether the svc-hub plugin is active in WordPress, as this worker last read it: while it is
 * not, the public routes and health answer `503 svc_hub_disabled` (http/middleware/hub-disabled.ts).
 * WordPress's own record is the source of truth, read every two seconds by every worker on the
 * database; the shell's signed call after an activation or deactivation (`refresh()`) makes it
 * immediate on one worker. Until the first read, and when there is no WordPress in the database,
 * the service is on; a failing read keeps the last state.
 */
export class PluginActivation {
  private active = true;
  private failing = false;
  private readonly periodic: Periodic;

  constructor(
    private readonly read: () => Promise<boolean | null>,
    private readonly logger: Logger,
    intervalMs = PLUGIN_STATE_REFRESH_MS,
  ) {
    this.periodic = new Periodic({
      name: 'plugin state',
      intervalMs,
      run: () => this.refresh().then(() => undefined),
      logger,
      runAtStart: false,
    });
  }

  get isActive(): boolean {
    return this.active;
  }

  /** Re-reads WordPress's record now; resolves to the state the worker holds afterwards. */
  async refresh(): Promise<boolean> {
    let state: boolean | null;
    try {
      state = await this.read();
    } catch (error) {
      if (!this.failing)
        this.logger.warn('cannot read whether the svc-hub plugin is active; keeping the last state', { error: String(error) });
      this.failing = true;
      return this.active;
    }
    this.failing = false;
    const active = state ?? true;
    if (active !== this.active) {
      this.logger.warn(
        active
          ? 'svc-hub plugin active again: serving'
          : 'svc-hub plugin deactivated in WordPress: public routes answer 503 svc_hub_disabled',
      );
    }
    this.active = active;
    return active;
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
