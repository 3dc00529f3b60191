// The WordPress lane as a host that runs only PHP in front serves it (issue 28 item 7): Debian's
// nginx sending every request to php-fpm (the shipped pool, deploy/php-fpm/svc-hub.conf, with
// Debian's php-fpm OPcache) running the bench stack's WordPress — no location for the worker.
// Two server blocks on one pool: one as shipped (the fast lane's must-use loader answers the
// public routes), one with `fastcgi_param SVC_HUB_FAST_LANE off` (the full WordPress boot), so
// both are measured on the same server, interleaved.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from './stack.mjs';

const isRoot = process.getuid() === 0;

function renderPool(dir, socket) {
  let pool = readFileSync(join(repoRoot, 'deploy', 'php-fpm', 'svc-hub.conf'), 'utf8');
  if (!pool.includes('listen = /run/php/php8.2-fpm-svc-hub.sock'))
    throw new Error('deploy/php-fpm/svc-hub.conf: no listen line to replace');
  pool = pool.replace('listen = /run/php/php8.2-fpm-svc-hub.sock', `listen = ${socket}`);
  pool = pool.replace(/^(user|group|listen\.owner|listen\.group) = .*$/gm, (_line, key) =>
    isRoot && !key.startsWith('listen') ? `${key} = root` : '',
  );
  writeFileSync(join(dir, 'pool.conf'), pool);
  const config = join(dir, 'php-fpm.conf');
  writeFileSync(config, `[global]\npid = ${dir}/php-fpm.pid\nerror_log = ${dir}/php-fpm.log\ndaemonize = no\ninclude = ${dir}/pool.conf\n`);
  return config;
}

/** A plain WordPress site: static files, else index.php through php-fpm. */
function server(port, root, socket, fastLane) {
  return `server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.php;
    client_max_body_size 16m;
    location / { try_files $uri $uri/ /index.php?$args; }
    location ~ \\.php$ {
        try_files $uri =404;
        include /etc/nginx/fastcgi_params;
        fastcgi_param HTTP_HOST $http_host;
        fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
        ${fastLane ? '' : 'fastcgi_param SVC_HUB_FAST_LANE off;'}
        fastcgi_buffering off;
        fastcgi_read_timeout 700s;
        fastcgi_pass unix:${socket};
    }
}`;
}

const stopChild = (child, signal) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill(signal);
  });

/**
 * Starts php-fpm and nginx for the stack's WordPress; `{ fast, full, stop }` (base URLs).
 * `cleanups` receives the stop function at once, so a failure later still stops both.
 */
export async function startWordPressFront(stack, cleanups) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-wp-front-'));
  const socket = join(dir, 'php-fpm.sock');
  const [fastPort, fullPort] = [await freePort(), await freePort()];
  const root = join(stack.dir, 'wordpress');
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  for (const temp of temps) mkdirSync(join(dir, temp));
  const main = [
    isRoot ? 'user root root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    ...temps.map((temp) => `  ${temp}_temp_path ${dir}/${temp};`),
    server(fastPort, root, socket, true),
    server(fullPort, root, socket, false),
    '}',
  ];
  writeFileSync(join(dir, 'nginx.conf'), main.join('\n') + '\n');
  const fpm = spawn('php-fpm8.2', ['-F', '-y', renderPool(dir, socket), ...(isRoot ? ['-R'] : [])], { stdio: 'ignore' });
  const nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const stop = async () => {
    await Promise.all([stopChild(nginx, 'SIGQUIT'), stopChild(fpm, 'SIGQUIT')]);
    rmSync(dir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  const urls = { fast: `http://127.0.0.1:${fastPort}`, full: `http://127.0.0.1:${fullPort}` };
  for (let tries = 0; tries < 100; tries += 1) {
    const answers = await Promise.all(
      Object.values(urls).map((url) =>
        fetch(`${url}/wp-json/llm/router/v1/health`).then(
          (response) => response.status === 200,
          () => false,
        ),
      ),
    );
    if (answers.every(Boolean)) return { ...urls, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = (name) => {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  throw new Error(`nginx + php-fpm did not answer: ${log('error.log')}${log('php-fpm.log')}`);
}
