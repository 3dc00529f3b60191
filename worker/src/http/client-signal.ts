import type { ServerResponse } from 'node:http';

/** Aborted when the client hangs up before the answer is complete: what tells a router call its caller is gone. */
export function clientSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) controller.abort(Object.assign(new Error('client closed the connection'), { name: 'AbortError' }));
  });
  return controller.signal;
}
