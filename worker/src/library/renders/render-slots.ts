import { ApiError } from '../../support/api-error';

/** Seconds a client refused for a full render queue is told to wait. */
const RETRY_AFTER_SECONDS = 1;

/** 503 svc_busy: the render queue is full (docs/library.md "Rendering", "Limits"). */
export function rendersBusy(): ApiError {
  return new ApiError(
    503,
    'svc_busy',
    'The hub is rendering as many images as it can; retry in a moment.',
    { retry_after: RETRY_AFTER_SECONDS },
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );
}

/**
 * At most `running` renders at once (resvg and libvips are CPU-bound), at most `waiting` more
 * queued in order; beyond that a render is refused at once with 503 svc_busy, so a flood holds
 * a bounded amount of memory (SVC_RENDER_CONCURRENCY, SVC_RENDER_QUEUE).
 */
export class RenderSlots {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  get load(): { active: number; queued: number } {
    return { active: this.active, queued: this.queue.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw rendersBusy();
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
