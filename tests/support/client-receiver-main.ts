import { startClientReceiver } from './client-receiver';

/**
 * The test client site as its own process (`node tests/support/client-receiver-run.js`):
 * prints `{"url"}` once it listens; stops on SIGTERM/SIGINT and when its stdin closes (the
 * process that started it went away).
 */
void (async () => {
  const receiver = await startClientReceiver();
  process.stdout.write(`${JSON.stringify({ url: receiver.url })}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void receiver.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
})().catch((error: unknown) => {
  process.stderr.write(`client receiver failed to start: ${String(error)}\n`);
  process.exit(1);
});
