// The floor for a Node gateway on this machine, measured beside the real ones: the least a
// proxy in Node can do for a chat call — node:http in, undici's dispatch out (a keep-alive
// pool), the JSON parsed and written again — and nothing a gateway must do (no key, no rate
// limit, no validation, no usage row, no cost). Not a product; run only by the benchmark:
//   node bench/reference-proxy.mjs <port> <emulator url> <emulator openai key>
// It answers POST /v1/chat/completions for `openai/<model>` by calling the emulator's OpenAI API.
import { createServer } from 'node:http';
import { Agent } from 'undici';

const [port, upstream, key] = process.argv.slice(2);
if (!port || !upstream || !key) {
  process.stderr.write('usage: node bench/reference-proxy.mjs <port> <emulator url> <emulator openai key>\n');
  process.exit(2);
}
const agent = new Agent({ keepAliveTimeout: 10_000 });
const origin = new URL(upstream).origin;
const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };

function answer(response, status, text) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(response, 400, '{"error":"not JSON"}');
    }
    body.model = String(body.model ?? '').replace(/^openai\//, '');
    const parts = [];
    let status = 0;
    agent.dispatch(
      { origin, path: '/openai/v1/chat/completions', method: 'POST', headers, body: JSON.stringify(body) },
      {
        onRequestStart() {}, // its presence selects undici's current handler API
        onResponseStart(_controller, statusCode) {
          status = statusCode;
        },
        onResponseData(_controller, chunk) {
          parts.push(chunk);
        },
        onResponseEnd() {
          const text = Buffer.concat(parts).toString('utf8');
          answer(response, status, JSON.stringify(JSON.parse(text)));
        },
        onResponseError(_controller, error) {
          answer(response, 502, JSON.stringify({ error: String(error) }));
        },
      },
    );
  });
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`listening on ${port}\n`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => agent.close().then(() => process.exit(0))));
