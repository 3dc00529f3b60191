import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { get as emulatorGet, post as emulatorPost } from '../emulators/testing';
import { startEmulator } from '../emulators/server';
import { startClientReceiver } from '../support/client-receiver';
import { ReceiverClient } from '../support/client-receiver-client';
import { post as postDelivery, freshDelivery } from '../support/client-webhook';
import { controlRequest } from '../support/control-request';
import { EmulatorClient } from '../support/emulator';
import { HubProxy } from '../support/hub-proxy';
import { call } from '../support/lanes';
import { LibraryProxy } from '../support/library-proxy';
import { callFrom, closeLoopbackAgents, randomLoopbackAddress } from '../support/loopback';
import { postStream } from '../support/router-client';
import { openStream } from '../support/sse-client';
import { STACK_FILE_VARIABLE, type StackInfo } from '../support/stack';
import { testFetch } from '../support/test-fetch';
import { ADVERTISED_KEEP_ALIVE_S, createTestServer, TEST_SERVER_KEEP_ALIVE_MS } from '../support/test-server';
import { WooBuyer } from '../support/woo-buyer';
import { runWordPressCron } from '../support/woocommerce-stand-in';
import { eventually, WAIT_MS } from '../support/eventually';

/**
 * The race of an idle keep-alive socket, made deterministic: a server that answers the first
 * request on a connection (keep-alive, no `Connection: close`) and closes the connection the
 * moment a second request arrives on it — as a server's keep-alive timer does when it fires just
 * as a client (whose event loop was blocked) reuses the socket. A client that reuses sockets fails
 * on it (`other side closed`, `socket hang up`); the tests' HTTP helpers must not (test-fetch.ts),
 * and the test servers must keep idle sockets far longer than they advertise (test-server.ts).
 */
interface ClosingServer {
  url: string;
  /** Connections opened, requests answered. */
  connections: number;
  answered: number;
  close(): Promise<void>;
}

const ANSWER = '{"ok":true,"data":[]}';

async function startClosingServer(): Promise<ClosingServer> {
  const sockets = new Set<Socket>();
  const state = { connections: 0, answered: 0 };
  const server: TcpServer = createTcpServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let received = Buffer.alloc(0);
    let served = false;
    socket.on('data', (chunk: Buffer) => {
      // A second request on a kept-alive socket: the server's keep-alive timer fires now.
      if (served) return void socket.end();
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(received.subarray(0, headEnd).toString('latin1'))?.[1] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      served = true;
      state.answered += 1;
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${ANSWER.length}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n${ANSWER}`,
      );
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connections() {
      return state.connections;
    },
    get answered() {
      return state.answered;
    },
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolveClose());
      }),
  };
}

/** `times` calls one after another, each once the previous one's socket is idle again; the failures' messages. */
async function failuresOf(times: number, once: () => Promise<unknown>): Promise<string[]> {
  const failures: string[] = [];
  for (let index = 0; index < times; index += 1) {
    await once().catch((error: Error & { cause?: Error }) => failures.push(`${error.message} ${error.cause?.message ?? ''}`.trim()));
    await new Promise((resolveLater) => setTimeout(resolveLater, 20));
  }
  return failures;
}

/** GET over node:http with its global agent (keep-alive since Node 19). */
const nodeGet = (url: string) =>
  new Promise<void>((resolveGet, reject) => {
    const outgoing = request(url, (incoming) => {
      incoming.resume();
      incoming.on('end', resolveGet);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });

const FROM = randomLoopbackAddress();
let closing: ClosingServer;
let stackDir: string;
const savedStackFile = process.env[STACK_FILE_VARIABLE];

beforeEach(async () => {
  closing = await startClosingServer();
  // The helpers that address the e2e stack find both its lanes on the closing server.
  stackDir = mkdtempSync(join(tmpdir(), 'svc-keep-alive-'));
  const info: Partial<StackInfo> = {
    dir: stackDir,
    wordpressUrl: closing.url,
    workerUrl: closing.url,
    workerEnv: { SVC_HUB_SECRET: 'keep-alive-test' },
  };
  writeFileSync(join(stackDir, 'e2e-stack.json'), JSON.stringify(info));
  process.env[STACK_FILE_VARIABLE] = join(stackDir, 'e2e-stack.json');
});

afterEach(async () => {
  await closing.close();
  rmSync(stackDir, { recursive: true, force: true });
  if (savedStackFile === undefined) delete process.env[STACK_FILE_VARIABLE];
  else process.env[STACK_FILE_VARIABLE] = savedStackFile;
});

afterAll(closeLoopbackAgents);

describe('a server that closes an idle socket just as the client reuses it', () => {
  it('fails the global fetch, which reuses the socket: fetch failed … other side closed', async () => {
    const failures = await failuresOf(3, async () => (await fetch(`${closing.url}/_control/requests`)).text());
    expect(failures).not.toEqual([]);
    expect(failures[0]).toMatch(/other side closed/);
  });

  it('fails node:http with its global agent, which reuses the socket: socket hang up', async () => {
    const failures = await failuresOf(3, () => nodeGet(`${closing.url}/`));
    expect(failures).not.toEqual([]);
    expect(failures[0]).toMatch(/socket hang up|ECONNRESET/);
  });
});

describe("the tests' HTTP helpers never reuse a socket, so the server's close cannot meet a request", () => {
  const helpers: Record<string, (url: string) => Promise<unknown>> = {
    testFetch: async (url) => (await testFetch(`${url}/x`)).text(),
    'controlRequest GET': (url) => controlRequest('closing', url, 'GET', '/_control/requests'),
    'controlRequest POST with a body': (url) => controlRequest('closing', url, 'POST', '/_control/script', { provider: 'openai' }),
    'EmulatorClient.ack': (url) => new EmulatorClient(url).ack('a'),
    'ReceiverClient.received': (url) => new ReceiverClient(url).received('a'),
    'emulator unit helpers get/post': async (url) => {
      await emulatorGet(`${url}/openai/v1/models`);
      await emulatorPost(`${url}/openai/v1/chat/completions`, {});
    },
    'lanes call (direct and wordpress)': async () => {
      await call('direct', '/wp-json/llm/router/v1/models');
      await call('wordpress', '/wp-json/llm/router/v1/models', { method: 'POST', body: '{}' });
    },
    'loopback callFrom (one address: one agent)': () => callFrom(FROM, 'direct', '/wp-json/llm/router/v1/models'),
    'router-client postStream': async () => (await postStream('direct', '/wp-json/llm/router/v1/chat/stream', 'svc_live_x', {})).body(),
    'sse-client openStream': async () => {
      const { response } = await openStream('wordpress', 'x');
      if (!response.readableEnded) await new Promise((resolveEnd) => response.on('end', resolveEnd));
    },
    'WooBuyer request': () => new WooBuyer().request('/checkout/'),
    runWordPressCron: () => runWordPressCron(),
    'client-webhook post': (url) => postDelivery(`${url}/wp-json/svc-client/v1/entitlement`, freshDelivery('{}', '1'), ['v1,x']),
  };

  it.each(Object.keys(helpers))('%s', async (name) => {
    const failures = await failuresOf(3, () => helpers[name]!(closing.url));
    expect(failures).toEqual([]);
    // One connection per request: nothing was kept for the server to close.
    expect(closing.connections).toBe(closing.answered);
  });

  it.each([
    ['HubProxy', async (target: string) => new HubProxy(target)],
    ['LibraryProxy', async (target: string) => new LibraryProxy(target)],
  ] as const)('%s forwards every request upstream over a connection of its own', async (_name, make) => {
    const proxy = await make(closing.url);
    const proxyUrl = await proxy.start();
    try {
      const statuses: number[] = [];
      const failures = await failuresOf(3, async () => {
        const answer = await testFetch(`${proxyUrl}/wp-json/svc/v1/image-library/manifest`);
        statuses.push(answer.status);
        await answer.text();
      });
      expect(failures).toEqual([]);
      expect(statuses).toEqual([200, 200, 200]);
      expect(closing.connections).toBe(3);
    } finally {
      await proxy.stop();
    }
  });
});

describe('test servers (test-server.ts) keep idle sockets far longer than clients keep them', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolveClose) => server.close(resolveClose));
    }
  });

  async function listening(server: Server): Promise<string> {
    servers.push(server);
    await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("advertise Keep-Alive: timeout=5 (clients keep a socket 3–4 s) and keep an idle socket 65 s (+ Node's 1 s)", async () => {
    const serverSockets: Socket[] = [];
    const server = createTestServer((_request, response) => response.end('ok'));
    server.on('connection', (socket: Socket) => serverSockets.push(socket));
    const url = await listening(server);
    expect(server.keepAliveTimeout).toBe(TEST_SERVER_KEEP_ALIVE_MS);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    const answer = await fetch(`${url}/`);
    await answer.text();
    expect(answer.headers.get('keep-alive')).toBe(`timeout=${ADVERTISED_KEEP_ALIVE_S}`);
    // Once the answer is finished the server arms the socket's idle timer.
    await eventually(
      async () => serverSockets[0]?.timeout,
      (timeout) => timeout === TEST_SERVER_KEEP_ALIVE_MS + 1000,
      WAIT_MS,
      10,
    );
    expect(serverSockets[0]?.timeout).toBe(TEST_SERVER_KEEP_ALIVE_MS + 1000);
  });

  it('say nothing of keep-alive when the client asked to close', async () => {
    const url = await listening(createTestServer((_request, response) => response.end('ok')));
    const answer = await testFetch(`${url}/`);
    await answer.text();
    expect(answer.headers.get('connection')).toBe('close');
    expect(answer.headers.get('keep-alive')).toBeNull();
  });

  it.each([
    ['the provider emulator', () => startEmulator(), '/_control/requests'],
    ['the client receiver', () => startClientReceiver(), '/_control/received'],
  ] as const)('%s advertises the short timeout, not the one it keeps', async (_name, start, path) => {
    const running = await start();
    try {
      const answer = await fetch(`${running.url}${path}`);
      await answer.text();
      expect(answer.headers.get('keep-alive')).toBe(`timeout=${ADVERTISED_KEEP_ALIVE_S}`);
    } finally {
      await running.close();
    }
  });
});

describe('every HTTP server and client of the tests goes through test-server.ts and test-fetch.ts', () => {
  const testsDir = resolve(__dirname, '..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.(ts|js|mjs)$/.test(name) ? [path] : [];
    });

  it('no test server is made with node:http createServer elsewhere', () => {
    const offenders = files(testsDir).filter((path) => {
      const text = readFileSync(path, 'utf8');
      return (
        /import\s*\{[^}]*\bcreateServer\b[^}]*\}\s*from\s*'(node:)?https?'/.test(text) ||
        /\bhttps?\.createServer\s*\(|\bexpress\s*\(\s*\)/.test(text)
      );
    });
    expect(offenders.map((path) => relative(testsDir, path))).toEqual(['support/test-server.ts']);
  });

  it('no helper of tests/support or tests/emulators calls the global fetch', () => {
    const helpers = [...files(join(testsDir, 'support')), ...files(join(testsDir, 'emulators'))].filter(
      (path) => !path.endsWith('.test.ts'),
    );
    const offenders = helpers.filter((path) => /(^|[^\w.])fetch\s*\(/m.test(readFileSync(path, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')));
    expect(offenders.map((path) => relative(testsDir, path))).toEqual([]);
  });
});
