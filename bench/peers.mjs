// The processes the benchmark runs beside the stack: the LLM provider emulator (the upstream
// every target calls, tests/emulators) and the Portkey AI gateway (the peer gateway).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * `node tests/emulators/run.js` as a child process, like the e2e setup runs it: its first
 * stdout line is `{url, keys}`; it exits when our stdin pipe closes, so it cannot outlive us.
 */
export function spawnEmulator(timeoutMs = 15_000) {
  const child = spawn(process.execPath, [join(repoRoot, 'tests', 'emulators', 'run.js')], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, SVC_EMULATOR_EXIT_WITH_STDIN: '1' },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`the provider emulator did not start within ${timeoutMs} ms`)), timeoutMs);
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the provider emulator exited (code ${code}) before it listened`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', function firstLine(chunk) {
      output += chunk;
      const end = output.indexOf('\n');
      if (end < 0) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      child.stdout.off('data', firstLine);
      child.stdout.resume();
      const { url, keys } = JSON.parse(output.slice(0, end));
      resolve({ url, keys, pid: child.pid, child, stop: () => stopChild(child) });
    });
  });
}

/**
 * The worker's provider settings that point every provider at the emulator — the same as
 * tests/emulators/environment.ts (providerEnvironment), which the e2e setup uses.
 */
export function providerEnvironment(url, keys) {
  return {
    OPENAI_API_KEY: keys.openai,
    OPENAI_BASE_URL: `${url}/openai/v1`,
    ANTHROPIC_API_KEY: keys.anthropic,
    ANTHROPIC_BASE_URL: `${url}/anthropic`,
    GEMINI_API_KEY: keys.google,
    GEMINI_BASE_URL: `${url}/google`,
    MISTRAL_API_KEY: keys.mistral,
    MISTRAL_BASE_URL: `${url}/mistral/v1`,
    OPENROUTER_API_KEY: keys.openrouter,
    OPENROUTER_BASE_URL: `${url}/openrouter/api/v1`,
    OLLAMA_BASE_URL: `${url}/ollama`,
    SVC_COMPAT_BASE_URL: `${url}/compat/v1`,
    SVC_COMPAT_API_KEY: keys.compat,
  };
}

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
 * the benchmark only calls it on 127.0.0.1.
 */
export async function spawnPortkey(timeoutMs = 20_000) {
  const { bin, version, honoServer } = portkeyPackage();
  const port = await freePort();
  const child = spawn(process.execPath, [bin, `--port=${port}`, '--headless'], {
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
