import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestServer } from './test-server';
import { verifyWebhook } from './webhook-verify';

/**
 * A client site for the propagation tests: `POST /hooks/<endpoint>` verifies the Standard
 * Webhooks signature against the secrets registered for that endpoint, records every request
 * (verified or not) and answers as scripted (default 200). Its control API:
 *   PUT  /_control/endpoints/<endpoint>  {"secrets": [...], "responses": [{"status": 500, "delay_ms"?: n}, ...]}
 *   GET  /_control/received?endpoint=<endpoint>   → ReceivedWebhook[] in arrival order
 *   POST /_control/reset
 * Runs as its own process in the e2e suite (client-receiver-process.ts).
 */
export interface ScriptedResponse {
  status: number;
  delay_ms?: number;
}

export interface ReceivedWebhook {
  endpoint: string;
  webhook_id: string | null;
  timestamp: string | null;
  /** The signed body's `sequence` (docs/propagation.md), null when it has none. */
  sequence: number | null;
  /** The unsigned `svc-sequence` header the hub still sends for receivers of the earlier contract. */
  sequence_header: string | null;
  user_agent: string | null;
  content_type: string | null;
  verified: boolean;
  reason: string | null;
  body: any;
  /** The status answered; null while a delayed answer is still pending. */
  answered: number | null;
}

interface Endpoint {
  secrets: string[];
  responses: ScriptedResponse[];
}

export interface RunningReceiver {
  url: string;
  close(): Promise<void>;
}

const BODY_LIMIT = 1024 * 1024;

function readBody(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });
}

const header = (incoming: IncomingMessage, name: string) => {
  const value = incoming.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

function parseJson(raw: Buffer): any {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

export async function startClientReceiver(port = 0): Promise<RunningReceiver> {
  const endpoints = new Map<string, Endpoint>();
  const received: ReceivedWebhook[] = [];

  const send = (outgoing: ServerResponse, status: number, body: unknown) => {
    outgoing.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

  async function webhook(name: string, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const raw = await readBody(incoming);
    const endpoint = endpoints.get(name);
    const verdict = endpoint
      ? verifyWebhook(
          endpoint.secrets,
          {
            id: header(incoming, 'webhook-id') ?? undefined,
            timestamp: header(incoming, 'webhook-timestamp') ?? undefined,
            signature: header(incoming, 'webhook-signature') ?? undefined,
          },
          raw,
        )
      : { ok: false as const, reason: 'unknown endpoint' };
    const record: ReceivedWebhook = {
      endpoint: name,
      webhook_id: header(incoming, 'webhook-id'),
      timestamp: header(incoming, 'webhook-timestamp'),
      sequence: null,
      sequence_header: header(incoming, 'svc-sequence'),
      user_agent: header(incoming, 'user-agent'),
      content_type: header(incoming, 'content-type'),
      verified: verdict.ok,
      reason: verdict.ok ? null : verdict.reason,
      body: parseJson(raw),
      answered: null,
    };
    record.sequence = typeof record.body?.sequence === 'number' ? record.body.sequence : null;
    received.push(record);
    if (!endpoint || !verdict.ok) {
      record.answered = endpoint ? 401 : 404;
      send(outgoing, record.answered, { error: record.reason });
      return;
    }
    const scripted = endpoint.responses.shift() ?? { status: 200 };
    if (scripted.delay_ms) await new Promise((resolve) => setTimeout(resolve, scripted.delay_ms));
    record.answered = scripted.status;
    if (!outgoing.destroyed) send(outgoing, scripted.status, { received: record.webhook_id });
  }

  async function control(path: string, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const url = new URL(path, 'http://receiver');
    const endpointMatch = /^\/_control\/endpoints\/([\w-]+)$/.exec(url.pathname);
    if (incoming.method === 'PUT' && endpointMatch) {
      const body = parseJson(await readBody(incoming)) as { secrets?: string[]; responses?: ScriptedResponse[] } | null;
      endpoints.set(endpointMatch[1]!, { secrets: body?.secrets ?? [], responses: [...(body?.responses ?? [])] });
      send(outgoing, 200, { ok: true });
    } else if (incoming.method === 'GET' && url.pathname === '/_control/received') {
      const name = url.searchParams.get('endpoint');
      send(outgoing, 200, name ? received.filter((record) => record.endpoint === name) : received);
    } else if (incoming.method === 'POST' && url.pathname === '/_control/reset') {
      endpoints.clear();
      received.length = 0;
      send(outgoing, 200, { ok: true });
    } else send(outgoing, 404, { error: 'unknown control route' });
  }

  const server = createTestServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    const hook = /^\/hooks\/([\w-]+)$/.exec(path);
    const work = incoming.method === 'POST' && hook ? webhook(hook[1]!, incoming, outgoing) : control(path, incoming, outgoing);
    work.catch((error: unknown) => {
      if (!outgoing.headersSent) send(outgoing, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
