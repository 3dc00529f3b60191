// The processes the benchmark runs beside the stack: the LLM provider emulator (the upstream
// every target calls, tests/emulators) and the Portkey AI gateway (the peer gateway).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { freePort, repoRoot } from './stack.mjs';

/** Waits for `child` to exit: TERM, then KILL after `graceMs`. */
function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** Keeps the last `limit` characters a child wrote, to show when it fails. */
function tail(stream, limit = 4000) {
  const kept = { text: '' };
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    kept.text = (kept.text + chunk).slice(-limit);
  });
  return kept;
}

// The emulator and its worker settings come from tests/emulators itself (TypeScript, loaded
// through the same transpile-on-load hook its own process uses), so bench and e2e agree.
const require = createRequire(import.meta.url);
require('../tests/emulators/register-typescript.js');
/** `node tests/emulators/run.js` as a child process: resolves to { url, keys, pid, stop }. */
export const { spawnEmulator } = require('../tests/emulators/process.ts');
/** The worker's provider settings pointing every provider at the emulator. */
export const { providerEnvironment } = require('../tests/emulators/environment.ts');

/** The Portkey gateway's package (version and bin), from node_modules. */
export function portkeyPackage() {
  const folder = join(repoRoot, 'node_modules', '@portkey-ai', 'gateway');
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  const honoServer = JSON.parse(readFileSync(join(repoRoot, 'node_modules', '@hono', 'node-server', 'package.json'), 'utf8')).version;
  return { version: manifest.version, bin: join(folder, bin), honoServer };
}

/**
 * `node <@portkey-ai/gateway bin> --port=<free port> --headless`, its own child process;
 * ready once `GET /` answers. Portkey listens on every interface (it has no host option);
 * the benchmark only calls it on 127.0.0.1. `nodeArgs` go to node before the bin.
 */
export async function spawnPortkey(timeoutMs = 20_000, nodeArgs = []) {
  const { bin, version, honoServer } = portkeyPackage();
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, bin, `--port=${port}`, '--headless'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  const output = { out: tail(child.stdout), err: tail(child.stderr) };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));
  for (;;) {
    if (exited) throw new Error(`Portkey exited (${JSON.stringify(exited)}) before it answered:\n${output.out.text}${output.err.text}`);
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      if ((await response.text()).includes('AI Gateway')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`Portkey did not answer ${url}/ within ${timeoutMs} ms:\n${output.out.text}${output.err.text}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { url, port, pid: child.pid, version, honoServer, child, output, stop: () => stopChild(child) };
}

/**
 * bench/reference-proxy.mjs as a child process, pointed at the emulator: the floor a Node
 * gateway cannot go below on this machine. Ready once it says it listens. `nodeArgs` go to
 * node before the script.
 */
export async function spawnReferenceProxy(emulator, timeoutMs = 10_000, nodeArgs = []) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...nodeArgs, join(repoRoot, 'bench', 'reference-proxy.mjs'), String(port), emulator.url, emulator.keys.openai],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = { out: tail(child.stdout), err: tail(child.stderr) };
  const deadline = Date.now() + timeoutMs;
  while (!output.out.text.includes('listening')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`the reference proxy did not start:\n${output.out.text}${output.err.text}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child) };
}
