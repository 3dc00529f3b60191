// nginx from Debian as the balancer of `npm run bench -- scale`, when it is installed: its own
// config and prefix in a temp folder, round robin over the workers with upstream keep-alive,
// `daemon off` so this process owns it. A POST is never retried on another worker once sent
// (nginx's default since 1.9.13); a worker that refuses the connection is skipped.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../stack.mjs';
import { stopChild } from './processes.mjs';

/** `nginx -v`'s version, or null when nginx is not installed. */
export function nginxVersion() {
  const run = spawnSync('nginx', ['-v'], { encoding: 'utf8' }); // it writes its version to stderr
  if (run.error || run.status !== 0) return null;
  return /nginx\/(\S+)/.exec(`${run.stdout}${run.stderr}`)?.[1] ?? 'unknown';
}

const config = (dir, port, workers) => `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream workers {
${workers.map((worker) => `    server ${new URL(worker.url).host} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://workers;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 60s;
    }
  }
}
`;

export async function spawnNginx(workers) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-scale-nginx-'));
  mkdirSync(join(dir, 'logs'));
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), config(dir, port, workers));
  const child = spawn('nginx', ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  const stop = async () => {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = (() => {
        try {
          return readFileSync(join(dir, 'error.log'), 'utf8');
        } catch {
          return '';
        }
      })();
      await stop();
      throw new Error(`nginx did not start: ${log}`);
    }
    const listening = await fetch(`${url}/wp-json/llm/router/v1/health`).then(
      () => true,
      () => false,
    );
    if (listening) break;
    await new Promise((done) => setTimeout(done, 50));
  }
  return { url, pid: child.pid, stop };
}
