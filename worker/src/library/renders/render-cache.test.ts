import { ApiError } from '../../support/api-error';
import { RenderCache } from './render-cache';
import { RenderSlots } from './render-slots';

const image = (size: number) => ({ bytes: Buffer.alloc(size), mediaType: 'image/png' });

describe('RenderCache', () => {
  it('keeps renders within its entries and bytes, least recently used out first', async () => {
    const cache = new RenderCache(2, 250);
    await cache.through('a', async () => image(100));
    await cache.through('b', async () => image(100));
    cache.get('a'); // a is now the most recently used
    await cache.through('c', async () => image(100));
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.get('c') !== undefined]).toEqual([true, false, true]);
    await cache.through('d', async () => image(200));
    expect(cache.size).toEqual({ entries: 1, bytes: 200 });
  });

  it('shares one render among identical renders asked at once (single flight)', async () => {
    const cache = new RenderCache(10, 1000);
    let renders = 0;
    const slow = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return image(10);
    };
    const answers = await Promise.all([cache.through('k', slow), cache.through('k', slow), cache.through('k', slow)]);
    expect(renders).toBe(1);
    expect(answers.map((answer) => answer.hit)).toEqual([false, true, true]);
  });

  it('keeps nothing when its entries bound is 0, and forgets a failed render', async () => {
    const cache = new RenderCache(0, 1000);
    expect((await cache.through('k', async () => image(1))).hit).toBe(false);
    expect((await cache.through('k', async () => image(1))).hit).toBe(false);
    await expect(new RenderCache(5, 100).through('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});

describe('RenderSlots', () => {
  it('runs at most `running` at once, queues `waiting` more, and refuses the rest with 503 svc_busy and Retry-After', async () => {
    const slots = new RenderSlots(2, 3);
    let active = 0;
    let most = 0;
    const task = async () => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 10));
      active -= 1;
      return 'done';
    };
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => slots.run(task).catch((error: ApiError) => error)));
    const refused = outcomes.filter((outcome): outcome is ApiError => outcome instanceof ApiError);
    expect([outcomes.filter((outcome) => outcome === 'done').length, refused.length, most]).toEqual([5, 3, 2]);
    expect([refused[0]!.status, refused[0]!.code, refused[0]!.headers['Retry-After']]).toEqual([503, 'svc_busy', '1']);
    expect(slots.load).toEqual({ active: 0, queued: 0 });
  });
});
