import type { ServerResponse } from 'node:http';

/**
 * How long a connection whose request body was left unread stays open after its answer.
 * Closing a socket with bytes unread makes TCP reset the connection, and a reset can discard
 * the answer before it has left (RFC 9112 §9.6 asks for a close in stages). The worker does
 * not read on — a body over the limit is exactly what it refuses to read — it waits instead,
 * its answer and FIN sent, so the client has the answer before the reset.
 */
export const CLOSE_GRACE_MS = 500;

/**
 * Answers with `Connection: close` and closes the socket `graceMs` after the answer has been
 * written, not at once. Node ends the socket after such an answer and would destroy it as soon
 * as its FIN is written (net.Socket#destroySoon); that last step waits here.
 */
export function closeAfterGrace(response: ServerResponse, graceMs = CLOSE_GRACE_MS): void {
  response.setHeader('Connection', 'close');
  const socket = response.socket;
  if (!socket) return;
  response.once('finish', () => {
    socket.removeListener('finish', socket.destroy);
    setTimeout(() => socket.destroy(), graceMs).unref();
  });
}
