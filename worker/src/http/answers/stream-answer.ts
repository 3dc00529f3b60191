import type { ServerResponse } from 'node:http';
import type { AnswerStream } from '../../router/calls/answer-stream';
import { writeAnswerHeaders } from './answer-headers';
import { SseWriter } from './sse-writer';

/**
 * Sends a router stream (router/calls/answer-stream.ts) as text/event-stream, each piece the moment
 * it arrives, with keep-alive comments (or `keepAlive`, a dialect's own) after `keepAliveMs` of silence. A `failure` piece is
 * thrown as the HTTP error while nothing has gone out (no event, no keep-alive), else it is
 * one `data:` event and `[DONE]`; an error the sequence throws goes to the error answer.
 * An error answer carries the call's headers too (`X-Svc-Cache: miss` on a failed miss).
 */
export async function sendAnswerStream(
  response: ServerResponse,
  stream: AnswerStream,
  keepAliveMs: number,
  keepAlive?: string,
): Promise<void> {
  const writer = new SseWriter(response, keepAliveMs, stream.headers, keepAlive);
  try {
    for await (const piece of stream.pieces) {
      switch (piece.kind) {
        case 'data':
          writer.send(piece.payload);
          break;
        case 'event':
          writer.sendNamed(piece.name, piece.payload);
          break;
        case 'done':
          writer.done();
          break;
        case 'end':
          writer.end();
          break;
        case 'failure':
          if (!writer.headersSent) throw piece.error;
          writer.send(piece.payload);
          writer.done();
          break;
      }
    }
  } catch (error) {
    writeAnswerHeaders(response, stream.headers);
    throw error;
  } finally {
    writer.stop();
  }
}
