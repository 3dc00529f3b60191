import type { ServerResponse } from 'node:http';
import { clientClosed } from '../../router/calls/call-deadline';

/** Aborted when the client hangs up before the answer is complete: what tells a router call its caller is gone. */
export function clientSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) controller.abort(clientClosed());
  });
  return controller.signal;
}
