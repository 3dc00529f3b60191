import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { MetricsRegistry } from './registry';

/** How often the event-loop delay is sampled (ms; perf_hooks' default is 10). */
const RESOLUTION_MS = 10;

/**
 * Event-loop lag (p50, p99 and max since the previous scrape of this worker, in seconds) and the
 * process's resident memory. The delay monitor samples on an unref'd timer from start() on.
 */
export class ProcessMetrics {
  private monitor: IntervalHistogram | null = null;

  constructor(registry: MetricsRegistry) {
    const lag = (read: (histogram: IntervalHistogram) => number) => () => {
      if (this.monitor === null || this.monitor.count === 0) return [];
      return read(this.monitor) / 1e9;
    };
    registry.gauge(
      'svc_hub_event_loop_lag_p50_seconds',
      'Event-loop delay, median since the previous scrape.',
      lag((histogram) => histogram.percentile(50)),
    );
    registry.gauge(
      'svc_hub_event_loop_lag_p99_seconds',
      'Event-loop delay, 99th percentile since the previous scrape.',
      lag((histogram) => histogram.percentile(99)),
    );
    registry.gauge(
      'svc_hub_event_loop_lag_max_seconds',
      'Event-loop delay, maximum since the previous scrape (the monitor restarts after each scrape).',
      lag((histogram) => {
        const max = histogram.max;
        histogram.reset();
        return max;
      }),
    );
    registry.gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', () => process.memoryUsage.rss());
  }

  /** Starts sampling the event-loop delay (idempotent). */
  start(): void {
    if (this.monitor !== null) return;
    this.monitor = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.monitor.enable();
  }
}
