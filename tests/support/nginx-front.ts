import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { stack } from './stack';
import { testFetch } from './test-fetch';
import { eventually } from './eventually';

/**
 * Debian's nginx and php8.2-fpm in front of the e2e stack, configured with the SHIPPED files
 * (deploy/nginx/*.conf, deploy/php-fpm/svc-hub.conf): only the values a site admin edits are
 * replaced (listen port, root, the worker's address, the pool's socket, users), each of which
 * must be found, so a changed site file fails here rather than going untested.
 */
export interface NginxFront {
  url: string;
  dir: string;
  errorLog(): string;
  stop(): Promise<void>;
}

function replaceOnce(text: string, from: string, to: string, file: string): string {
  if (!text.includes(from)) throw new Error(`${file} no longer contains "${from}": update tests/support/nginx-front.ts`);
  return text.replace(from, to);
}

function shipped(name: string): string {
  return readFileSync(join(stack().repoRoot, 'deploy', name), 'utf8');
}

const isRoot = process.getuid?.() === 0;

function renderPool(dir: string, socket: string): string {
  let pool = replaceOnce(
    shipped('php-fpm/svc-hub.conf'),
    'listen = /run/php/php8.2-fpm-svc-hub.sock',
    `listen = ${socket}`,
    'svc-hub pool',
  );
  pool = pool.replace(/^(user|group|listen\.owner|listen\.group) = .*$/gm, (_line, key: string) =>
    isRoot && !key.startsWith('listen') ? `${key} = root` : '',
  );
  writeFileSync(join(dir, 'pool.conf'), pool);
  writeFileSync(
    join(dir, 'php-fpm.conf'),
    `[global]\npid = ${dir}/php-fpm.pid\nerror_log = ${dir}/php-fpm.log\ndaemonize = no\ninclude = ${dir}/pool.conf\n`,
  );
  return join(dir, 'php-fpm.conf');
}

function renderSite(dir: string, port: number, socket: string, workerUrl: string): string {
  const info = stack();
  const worker = new URL(workerUrl);
  const wordpressDir = join(info.dir, 'wordpress');
  let site = shipped('nginx/svc-hub.conf');
  site = replaceOnce(site, 'server 127.0.0.1:8787;', `server ${worker.host};`, 'svc-hub.conf');
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${port};`, 'svc-hub.conf');
  site = replaceOnce(site, 'root /var/www/wordpress;', `root ${wordpressDir};`, 'svc-hub.conf');
  site = replaceOnce(site, 'unix:/run/php/php8.2-fpm-svc-hub.sock', `unix:${socket}`, 'svc-hub.conf');
  site = site.split('/etc/nginx/snippets/svc-hub-worker.conf').join(join(dir, 'svc-hub-worker.conf'));
  writeFileSync(join(dir, 'svc-hub-worker.conf'), shipped('nginx/svc-hub-worker.conf'));
  writeFileSync(join(dir, 'site.conf'), site);
  copyFileSync('/etc/nginx/fastcgi_params', join(dir, 'fastcgi_params'));
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const main = [
    isRoot ? 'user root root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/nginx-error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp}_temp_path ${dir}/${temp};`),
    `  include ${dir}/site.conf;`,
    '}',
  ];
  writeFileSync(join(dir, 'nginx.conf'), main.join('\n') + '\n');
  return join(dir, 'nginx.conf');
}

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${log()}`);
    return testFetch(url).then(
      () => true,
      () => false,
    );
  };
  if (!(await eventually(answers, (answered) => answered))) throw new Error(`nginx did not answer ${url}: ${log()}`);
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * Starts php-fpm (one pool) and nginx on a free port in a temp dir, its upstream the stack's
 * worker or `workerUrl`; stop() ends both and removes the dir.
 */
export async function startNginxFront(workerUrl = stack().workerUrl): Promise<NginxFront> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-nginx-'));
  const socket = join(dir, 'php-fpm.sock');
  const port = await freePort();
  const fpmConfig = renderPool(dir, socket);
  const nginxConfig = renderSite(dir, port, socket, workerUrl);
  const fpm = spawn('php-fpm8.2', ['-F', '-y', fpmConfig, ...(isRoot ? ['-R'] : [])], { stdio: 'ignore' });
  const nginx = spawn('nginx', ['-p', dir, '-c', nginxConfig, '-e', join(dir, 'nginx-error.log'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const errorLog = () => {
    try {
      return readFileSync(join(dir, 'nginx-error.log'), 'utf8') + readFileSync(join(dir, 'php-fpm.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    await Promise.all([stopChild(nginx, 'SIGQUIT'), stopChild(fpm, 'SIGQUIT')]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`http://127.0.0.1:${port}/`, nginx, errorLog);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, dir, errorLog, stop };
}
