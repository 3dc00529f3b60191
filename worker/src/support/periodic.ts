import type { Logger } from './logger';

export interface PeriodicOptions {
  /** Named in the log line when a pass fails. */
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
  logger: Logger;
  /** Run the first pass at once (default) or only after one interval. */
  runAtStart?: boolean;
}

/**
 * A background job run every `intervalMs`: passes never overlap (the next one is scheduled
 * when the previous ends), a failing pass is logged and the job goes on, timers are unref'd
 * (they never keep the process alive), `trigger()` asks for a pass now, and `stop()` waits for
 * a pass in progress.
 */
export class Periodic {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private active = false;

  constructor(private readonly options: PeriodicOptions) {}

  start(): void {
    if (this.active) return;
    this.active = true;
    this.schedule(this.options.runAtStart === false ? this.options.intervalMs : 0);
  }

  /** A pass as soon as possible: now, or right after the one in progress. */
  trigger(): void {
    if (!this.active) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** No further passes; resolves once a pass in progress has ended. */
  async stop(): Promise<void> {
    this.active = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    if (!this.active || this.running) return;
    this.again = false;
    this.running = this.runSafely();
    await this.running;
    this.running = undefined;
    if (this.active) this.schedule(this.again ? 0 : this.options.intervalMs);
  }

  private async runSafely(): Promise<void> {
    try {
      await this.options.run();
    } catch (error) {
      this.options.logger.error(`${this.options.name} failed`, { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
