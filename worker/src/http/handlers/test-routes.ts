import type { Request, Response } from 'express';
import { ApiError } from '../../support/api-error';

/**
 * Test-only routes (SVC_TEST_ROUTES=on, never in production) that prove the shell streams
 * without relying on timing: GET /stream sends chunk 1, then waits for POST /ack before
 * sending chunk 2 (or after `hold_ms` by itself); GET /stream-status tells whether the
 * server saw the client hang up.
 */
interface StreamState {
  acknowledge?: () => void;
  acknowledged: boolean;
  closed: boolean;
  finished: boolean;
}

const ACK_TIMEOUT_MS = 15_000;

export function testStreamHandlers() {
  const streams = new Map<string, StreamState>();
  const streamId = (request: Request) => {
    const id = String(request.query.id ?? '');
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw ApiError.invalidRequest({ id: 'must be 1-64 letters, digits or -' });
    return id;
  };
  return {
    stream(request: Request, response: Response) {
      const id = streamId(request);
      const state: StreamState = { acknowledged: false, closed: false, finished: false };
      if (streams.size > 1000) streams.clear();
      streams.set(id, state);
      response.on('close', () => {
        if (!state.finished) state.closed = true;
      });
      response.status(200).setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      response.setHeader('Cache-Control', 'no-cache');
      response.flushHeaders();
      response.write('data: chunk-1\n\n');
      // hold_ms: send chunk 2 by itself after that long (an in-flight request for shutdown tests).
      const hold = /^\d{1,5}$/.test(String(request.query.hold_ms ?? '')) ? Number(request.query.hold_ms) : null;
      if (hold !== null) state.acknowledged = true;
      const timer = setTimeout(() => state.acknowledge?.(), hold ?? ACK_TIMEOUT_MS);
      state.acknowledge = () => {
        clearTimeout(timer);
        state.acknowledge = undefined;
        if (state.closed) return;
        response.write(state.acknowledged ? 'data: chunk-2\n\n' : 'data: chunk-2-without-ack\n\n');
        response.write('data: [DONE]\n\n');
        state.finished = true;
        response.end();
      };
    },

    acknowledge(request: Request, response: Response) {
      const state = streams.get(streamId(request));
      if (!state?.acknowledge) throw ApiError.notFound('No open test stream has this id.');
      state.acknowledged = true;
      state.acknowledge();
      response.json({ acknowledged: true });
    },

    status(request: Request, response: Response) {
      const state = streams.get(streamId(request));
      if (!state) throw ApiError.notFound('No test stream has this id.');
      response.json({ closed: state.closed, finished: state.finished, acknowledged: state.acknowledged });
    },
  };
}
