import { startEmulator } from './server';

/**
 * The emulator as its own process (`node tests/emulators/run.js`): prints one JSON line
 * `{"url", "keys"}` on stdout once it listens, and stops on SIGTERM or SIGINT — and, with
 * SVC_EMULATOR_EXIT_WITH_STDIN=1 (how the test setup runs it), when its stdin closes: the
 * parent went away. SVC_EMULATOR_PORT picks the port (default: a free one).
 */
void (async () => {
  const port = process.env.SVC_EMULATOR_PORT ? Number(process.env.SVC_EMULATOR_PORT) : 0;
  const emulator = await startEmulator({ port });
  process.stdout.write(`${JSON.stringify({ url: emulator.url, keys: emulator.keys })}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void emulator.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (process.env.SVC_EMULATOR_EXIT_WITH_STDIN === '1') {
    process.stdin.on('end', stop);
    process.stdin.on('error', stop);
    process.stdin.resume();
  }
})().catch((error: unknown) => {
  process.stderr.write(`provider emulator failed to start: ${String(error)}\n`);
  process.exit(1);
});
