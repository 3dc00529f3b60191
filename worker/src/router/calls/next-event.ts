import { UpstreamTimeoutError, type TimeoutPhase } from '../../providers/errors';
import type { StreamEvent } from '../../providers/types';

/**
 * iterator.next() within `ms`, else abort the attempt and fail with a timeout of `phase`: the
 * timing rule of every streamed call (chat streams and Responses streams).
 */
export async function nextEventWithin(
  iterator: AsyncIterator<StreamEvent>,
  ms: number,
  phase: TimeoutPhase,
  provider: string,
  attempt: AbortController,
): Promise<IteratorResult<StreamEvent>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      attempt.abort(Object.assign(new Error(`${phase} timeout`), { name: 'TimeoutError' }));
      reject(new UpstreamTimeoutError(provider, phase));
    }, ms);
  });
  try {
    return await Promise.race([iterator.next(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
