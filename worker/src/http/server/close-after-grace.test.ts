import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { closeAfterGrace } from './close-after-grace';

/**
 * A server that stops reading a chunked body after its first bytes and answers 413 — with
 * closeAfterGrace (`graceMs`), or with a bare `Connection: close` (null) as before — reporting
 * whether its socket was still open right after the answer's FIN was written, and how long
 * after the answer finished (when the grace starts) it closed. Only a stall longer than the
 * grace could make the first of these wrong; a busy machine only makes the second longer.
 */
function stoppingServer(graceMs: number | null): { server: Server; afterFin: Promise<{ open: boolean; closedAfterMs: number }> } {
  let report!: (seen: { open: boolean; closedAfterMs: number }) => void;
  const afterFin = new Promise<{ open: boolean; closedAfterMs: number }>((resolve) => (report = resolve));
  const server = createServer((request, response: ServerResponse) => {
    request.once('data', () => {
      request.pause();
      const socket = response.socket as Socket;
      if (graceMs === null) response.setHeader('Connection', 'close');
      else closeAfterGrace(response, graceMs);
      let finishedAt = 0;
      response.once('finish', () => (finishedAt = Date.now())); // after closeAfterGrace's own listener: its timer is running
      socket.once('finish', () => {
        setImmediate(() => {
          const open = !socket.destroyed;
          if (!open) return report({ open, closedAfterMs: 0 });
          socket.once('close', () => report({ open, closedAfterMs: Date.now() - finishedAt }));
        });
      });
      const body = '{"code":"svc_payload_too_large"}';
      response.writeHead(413, { 'Content-Type': 'application/json', 'Content-Length': body.length }).end(body);
    });
  });
  return { server, afterFin };
}

/**
 * Floods the server with a chunked body (as fast as the kernel takes it); what arrived before the
 * connection closed. Half-open: the client answers the server's FIN with its own only 1.5 s
 * later, past the 1 s grace, so the grace alone decides when the server closes. Node's client
 * would answer at once, and a server still reading (a busy machine sends less of the body, so
 * its socket is not yet held back by a full buffer) then closed at once: the grace measured as
 * 1 ms in a loaded run.
 */
function flood(port: number): Promise<string> {
  return new Promise((resolve) => {
    const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 'x'), Buffer.from('\r\n')]);
    const received: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    socket.write('POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n');
    const timer = setInterval(() => {
      if (received.length === 0 && !socket.writableNeedDrain && !socket.destroyed) socket.write(chunk);
    }, 1);
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('end', () => setTimeout(() => socket.end(), 1500));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Buffer.concat(received).toString('utf8'));
    });
  });
}

async function run(graceMs: number | null) {
  const { server, afterFin } = stoppingServer(graceMs);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const text = await flood((server.address() as AddressInfo).port);
    return { text, ...(await afterFin) };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('closeAfterGrace', () => {
  it('keeps a socket with its body unread open after the answer and its FIN, then closes it', async () => {
    const seen = await run(1000);
    expect(seen.text).toMatch(/^HTTP\/1\.1 413 [^\r]*\r\n[\s\S]*[Cc]onnection: close\r\n[\s\S]*\{"code":"svc_payload_too_large"\}$/);
    expect(seen.open).toBe(true);
    expect(seen.closedAfterMs).toBeGreaterThanOrEqual(998); // closed by its grace (a timer may fire a millisecond early), not by the answer
  });

  it('is what a bare Connection: close does not do: Node destroys that socket as soon as its FIN is written', async () => {
    const seen = await run(null);
    expect(seen.open).toBe(false);
  });
});
