import { createLogger } from './logger';
import { Periodic } from './periodic';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await pause(5);
  }
}

describe('Periodic', () => {
  it('never overlaps passes, even when triggered during one', async () => {
    let running = 0;
    let overlapped = false;
    let passes = 0;
    const job = new Periodic({
      name: 'test job',
      intervalMs: 1,
      logger: createLogger('error', () => undefined),
      run: async () => {
        running += 1;
        if (running > 1) overlapped = true;
        await pause(10);
        running -= 1;
        passes += 1;
      },
    });
    job.start();
    for (let index = 0; index < 20; index += 1) {
      job.trigger();
      await pause(2);
    }
    await until(() => passes >= 5);
    await job.stop();
    expect(overlapped).toBe(false);
    expect(job.isRunning).toBe(false);
  });

  it('logs a failing pass and keeps running', async () => {
    const lines: string[] = [];
    let passes = 0;
    const job = new Periodic({
      name: 'flaky job',
      intervalMs: 1,
      logger: createLogger('error', (line) => lines.push(line)),
      run: async () => {
        passes += 1;
        if (passes === 1) throw new Error('database away');
      },
    });
    job.start();
    await until(() => passes >= 3);
    await job.stop();
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', message: 'flaky job failed', error: 'database away' });
  });

  it('runs a triggered pass long before the interval, and none after stop', async () => {
    let passes = 0;
    const job = new Periodic({
      name: 'slow job',
      intervalMs: 3_600_000,
      runAtStart: false,
      logger: createLogger('error', () => undefined),
      run: async () => {
        passes += 1;
      },
    });
    job.start();
    job.trigger();
    await until(() => passes === 1);
    await job.stop();
    job.trigger();
    await pause(20);
    expect(passes).toBe(1);
  });

  it('stop waits for the pass in progress', async () => {
    let finished = false;
    let started = false;
    const job = new Periodic({
      name: 'long job',
      intervalMs: 1000,
      logger: createLogger('error', () => undefined),
      run: async () => {
        started = true;
        await pause(50);
        finished = true;
      },
    });
    job.start();
    await until(() => started);
    await job.stop();
    expect(finished).toBe(true);
  });
});
