import { createHash } from 'node:crypto';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { context } from '../server/context';
import type { Database } from '../../db/connections';
import { ShellNonceStore } from '../../db/shell-nonce-claims';
import { intakeOf, webhookIntake, type WebhookIntake } from './webhook-intake';

const LIMIT = 4096;
/** The intake claims nonces in this worker's memory only (the shared claim is a later step): no database is reached. */
const NO_DATABASE = { pool: {}, table: (name: string) => name, close: async () => undefined } as unknown as Database;
const CHUNK = 1024;

/** A real server: the intake with a 4 KiB limit, answering what it read (413 when oversized). */
let server: Server;
let port = 0;
const intakes: WebhookIntake[] = [];

beforeAll(async () => {
  const app = express();
  app.use((_request, response, next) => {
    context(response).clientIp = 'socket';
    next();
  });
  app.post('/hook', webhookIntake({ secret: 'test-secret', nonces: new ShellNonceStore(NO_DATABASE) }, LIMIT), (_request, response) => {
    const intake = intakeOf(response);
    intakes.push(intake);
    response.status(intake.oversized ? 413 : 200).json({ bytes: intake.bytes });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

interface Sent {
  status: number;
  connection: string | undefined;
  /** Chunks the client had written when the answer arrived. */
  chunksBeforeAnswer: number;
}

/** Writes `chunks` chunks of 1 KiB, one per event-loop turn after the previous was flushed, stopping at the answer. */
function stream(chunks: number, headers: Record<string, string> = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const outgoing = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/hook',
      agent: false,
      headers: { 'Transfer-Encoding': 'chunked', ...headers },
    });
    outgoing.on('response', (response) => {
      answered = true;
      const sent = { status: response.statusCode!, connection: response.headers.connection, chunksBeforeAnswer: written };
      response.resume().on('end', () => resolve(sent));
    });
    outgoing.on('error', (error) => (answered ? undefined : reject(error)));
    const next = () => {
      if (answered) return;
      if (written === chunks) {
        outgoing.end();
        return;
      }
      written += 1;
      outgoing.write(Buffer.alloc(CHUNK, 0x78), () => setTimeout(next, 1));
    };
    next();
  });
}

describe('webhookIntake', () => {
  it('reads a body within the limit whole', async () => {
    const sent = await stream(3);
    expect(sent).toMatchObject({ status: 200, chunksBeforeAnswer: 3 });
    const intake = intakes.at(-1)!;
    expect(intake).toMatchObject({ bytes: 3 * CHUNK, oversized: false, cutOff: false, shellRejection: null });
    expect(intake.body).toEqual(Buffer.alloc(3 * CHUNK, 0x78));
  });

  it('stops reading past the limit, answers before the client is done, and closes the connection', async () => {
    const sent = await stream(2000);
    expect(sent.status).toBe(413);
    expect(sent.connection).toBe('close');
    expect(sent.chunksBeforeAnswer).toBeLessThan(2000);
    const intake = intakes.at(-1)!;
    expect(intake).toMatchObject({ oversized: true, cutOff: true, body: Buffer.alloc(0) });
    expect(intake.bytes).toBeGreaterThan(LIMIT);
    expect(intake.bytes).toBeLessThan(2000 * CHUNK);
    expect(intake.sha256).toBe(createHash('sha256').update(Buffer.alloc(intake.bytes, 0x78)).digest('hex'));
    expect(intake.head).toEqual(Buffer.alloc(intake.bytes, 0x78));
  });

  it('reads a body claiming a shell signature to the end, so the signature is checked over all of it', async () => {
    const sent = await stream(8, { 'X-Svc-Hub-Signature': 'v1=00', 'X-Svc-Hub-Client-Ip': '203.0.113.9' });
    expect(sent).toMatchObject({ status: 413, chunksBeforeAnswer: 8 });
    const intake = intakes.at(-1)!;
    expect(intake).toMatchObject({ bytes: 8 * CHUNK, oversized: true, cutOff: false });
    expect(intake.shellRejection).not.toBeNull();
  });
});
