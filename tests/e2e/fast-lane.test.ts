import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createKey } from '../support/hub-cli';
import { stack } from '../support/stack';
import { logIn } from '../support/wordpress-session';

/**
 * The fast WordPress lane (plugin/includes/fast-lane/): the must-use loader the plugin writes
 * on activation answers the plugin's public and bearer routes before plugins and the theme
 * load, byte for byte as the full boot does; everything else takes the full boot. The probe
 * mu-plugin (tests/wordpress/mu-plugins/svc-test-lane-probe.php) tells the lanes apart and
 * switches the fast lane off for one request, so both lanes answer the same request here.
 */
const LOADER = 'svc-hub-fast-lane.php';

interface RawAnswer {
  /** Status line and header lines, in order, without Date and the probe's own header. */
  head: string[];
  fullBoot: boolean;
  body: string;
}

/** One request on its own connection; the whole answer, head lines in the order sent. */
function send(lane: 'fast' | 'full', method: string, target: string, headers: Record<string, string> = {}, body = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(stack().wordpressUrl);
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', `X-Svc-Test-Lane: ${lane}`];
  if (body !== '' || method === 'POST') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const end = raw.indexOf('\r\n\r\n');
      const head = raw.slice(0, end).split('\r\n');
      resolve({
        head: head.filter((line) => !/^(date|x-svc-test-full-boot):/i.test(line)),
        fullBoot: head.some((line) => /^x-svc-test-full-boot: 1$/i.test(line)),
        body: raw.slice(end + 4),
      });
    });
    socket.end(lines.join('\r\n') + '\r\n\r\n' + body);
  });
}

/** What differs between two answers to the same request whoever gives it: ids, clocks, timings. */
/**
 * A signed licence document's payload with its times (issued now, grace from now) fixed: two
 * requests a moment apart get the same document but for those, hence another signature.
 */
const documentTimesFixed = (body: string) =>
  body.replace(/"license_document":\{"payload":"([A-Za-z0-9_-]+)","signature":"[A-Za-z0-9_-]+"/g, (_whole, payload: string) => {
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return `"license_document":${JSON.stringify({ ...fields, issued_at: 'T', grace_ends_at: 'T' })}`;
  });

const normalised = (answer: RawAnswer) =>
  [...answer.head, '', documentTimesFixed(answer.body)]
    .join('\n')
    .replace(/req_[0-9A-Z]{26}/g, 'req_ID')
    .replace(/chatcmpl-[0-9A-Z]+/g, 'chatcmpl-ID')
    .replace(/"(created|latency_ms|uptime_s)":[0-9.]+/g, '"$1":0');

const both = async (method: string, target: string, headers: Record<string, string> = {}, body = '') => {
  const fast = await send('fast', method, target, headers, body);
  const full = await send('full', method, target, headers, body);
  return { fast, full };
};

describe('the fast WordPress lane', () => {
  const key = createKey(['llm.chat']);
  const chat = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({ model: 'mock/echo', messages: [{ role: 'user', content: 'fast lane parity' }], ...extra });
  const jsonKey = { Authorization: `Bearer ${key.key}`, 'Content-Type': 'application/json' };

  it('is installed by the plugin on activation, naming the plugin and the REST prefix', () => {
    const file = join(stack().dir, 'wordpress', 'wp-content', 'mu-plugins', LOADER);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain("Svc_Hub_Fast_Lane::hook( 'svc-hub/svc-hub.php', 'wp-json' );");
  });

  it("is written again by an administrator's admin page when it has gone missing", async () => {
    const file = join(stack().dir, 'wordpress', 'wp-content', 'mu-plugins', LOADER);
    const text = readFileSync(file, 'utf8');
    unlinkSync(file);
    await logIn(); // wp-login.php, then admin-ajax.php: admin_init
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it.each([
    ['health', 'GET', '/wp-json/llm/router/v1/health', {}, ''],
    ['health, HEAD', 'HEAD', '/wp-json/llm/router/v1/health', {}, ''],
    ['health with an Origin (CORS)', 'GET', '/wp-json/llm/router/v1/health', { Origin: 'https://app.example' }, ''],
    ['models through ?rest_route=', 'GET', '/?rest_route=/llm/router/v1/models', { Authorization: `Bearer ${key.key}` }, ''],
    ['a blocking chat', 'POST', '/wp-json/llm/router/v1/chat/completions', jsonKey, chat()],
    ['a chat with an Origin', 'POST', '/wp-json/llm/router/v1/chat/completions', { ...jsonKey, Origin: 'null' }, chat()],
    ['a streamed chat', 'POST', '/wp-json/llm/router/v1/chat/completions', jsonKey, chat({ stream: true })],
    ['no key: 401', 'POST', '/wp-json/llm/router/v1/chat/completions', { 'Content-Type': 'application/json' }, chat()],
    ['bad JSON: 400', 'POST', '/wp-json/llm/router/v1/chat/completions', jsonKey, '{"model":'],
    ['a method the row lacks', 'DELETE', '/wp-json/llm/router/v1/models', {}, ''],
    ['the image library', 'GET', '/wp-json/svc/v1/image-templates', {}, ''],
    ['a licence route', 'GET', '/wp-json/svc-license/v1/entitlement', { Authorization: `Bearer ${key.key}` }, ''],
    ['headers too large: 431 by the shell', 'GET', '/wp-json/llm/router/v1/health', { 'X-Large': 'x'.repeat(15000) }, ''],
  ])('%s: the same answer as the full boot', async (_name, method, target, headers, body) => {
    const { fast, full } = await both(method, target, headers as Record<string, string>, body);
    expect(fast.fullBoot).toBe(false);
    expect(full.fullBoot).toBe(true);
    expect(normalised(fast)).toBe(normalised(full));
  });

  it.each([
    ['an admin route', 'GET', '/wp-json/svc-hub/v1/admin/keys', {}],
    ['an internal route', 'POST', '/wp-json/svc-hub/v1/internal/ping', {}],
    ['a route no row matches', 'GET', '/wp-json/llm/router/v1/nothing-here', {}],
    ['a logged-in cookie', 'GET', '/wp-json/llm/router/v1/health', { Cookie: 'wordpress_logged_in_0123=admin' }],
    ['HTTP Basic (application passwords)', 'GET', '/wp-json/llm/router/v1/health', { Authorization: 'Basic YWRtaW46eA==' }],
    ['OPTIONS', 'OPTIONS', '/wp-json/llm/router/v1/chat/completions', { Origin: 'https://app.example' }],
    ['a _fields parameter', 'GET', '/wp-json/llm/router/v1/health?_fields=status', {}],
    ['a trailing slash', 'GET', '/wp-json/llm/router/v1/health/', {}],
    ['an encoded path', 'GET', '/wp-json/llm/router/v1/heal%74h', {}],
    ['another namespace', 'GET', '/wp-json/wp/v2/types', {}],
  ])('%s takes the full boot', async (_name, method, target, headers) => {
    const answer = await send('fast', method, target, headers);
    expect(answer.fullBoot).toBe(true);
  });
});
