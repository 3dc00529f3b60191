// npm run bench:nginx — the direct lane through Debian's nginx with the shipped site file
// (deploy/nginx/svc-hub.conf: an upstream with `keepalive 32`) beside the same file without
// the `keepalive` line (a new connection to the worker per request, as the README's first
// block did), and the worker called directly; a blocking chat against the provider emulator,
// the targets called in turn. Then the WordPress lane as a PHP-only host serves it: nginx →
// php-fpm (shipped pool, OPcache) → WordPress, with the fast lane's must-use loader and with
// the full boot, on the same server (bench/wordpress-front.mjs). Prints markdown tables on
// stdout, progress on stderr; with --write, replaces that section of docs/benchmarks.md
// (BENCH_NGINX_RUNS runs, 3 by default, their median). Not a test: figures to read.
// Everything it starts is stopped at the end, also on failure.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blockingChat, chatTargets, keepAliveAgent } from './llm.mjs';
import { format, summarize } from './measure.mjs';
import { providerEnvironment, spawnEmulator } from './peers.mjs';
import { freePort, repoRoot, startStack } from './stack.mjs';
import { startWordPressFront } from './wordpress-front.mjs';
import { frontLines, spliceFront } from './wordpress-front-report.mjs';

const samples = Number(process.env.BENCH_SAMPLES ?? 300);
const warmup = 30;
const wordpressRuns = Number(process.env.BENCH_NGINX_RUNS ?? 3);
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
const progress = (line) => process.stderr.write(`[bench:nginx] ${line}\n`);
const cleanups = [];

/** The shipped site file for this stack: only the values a site admin edits are replaced. */
function renderSite(dir, port, workerUrl, keepAlive) {
  const replaceOnce = (text, from, to) => {
    if (!text.includes(from)) throw new Error(`deploy/nginx/svc-hub.conf no longer contains "${from}"`);
    return text.replace(from, to);
  };
  let site = readFileSync(join(repoRoot, 'deploy', 'nginx', 'svc-hub.conf'), 'utf8');
  site = replaceOnce(site, 'server 127.0.0.1:8787;', `server ${new URL(workerUrl).host};`);
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  if (!keepAlive) site = replaceOnce(site, 'keepalive 32;', '');
  site = site.split('/etc/nginx/snippets/svc-hub-worker.conf').join(join(dir, 'svc-hub-worker.conf'));
  copyFileSync(join(repoRoot, 'deploy', 'nginx', 'svc-hub-worker.conf'), join(dir, 'svc-hub-worker.conf'));
  copyFileSync('/etc/nginx/fastcgi_params', join(dir, 'fastcgi_params'));
  writeFileSync(join(dir, 'site.conf'), site);
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  for (const temp of temps) mkdirSync(join(dir, temp));
  const main = [
    process.getuid() === 0 ? 'user root root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    ...temps.map((temp) => `  ${temp}_temp_path ${dir}/${temp};`),
    `  include ${dir}/site.conf;`,
    '}',
  ];
  writeFileSync(join(dir, 'nginx.conf'), main.join('\n') + '\n');
}

async function startNginx(workerUrl, keepAlive) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-nginx-'));
  const port = await freePort();
  renderSite(dir, port, workerUrl, keepAlive);
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGQUIT');
    }).then(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(stop);
  for (let tries = 0; tries < 100; tries += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/wp-json/llm/router/v1/health`).then(
        () => true,
        () => false,
      )
    )
      return `http://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
}

async function main() {
  const emulator = await spawnEmulator();
  cleanups.push(() => emulator.stop());
  progress('starting a private stack');
  const stack = await startStack({ env: { ...providerEnvironment(emulator.url, emulator.keys), SVC_LOG_LEVEL: 'warn' } });
  cleanups.push(() => stack.stop());
  const site = 'https://bench.example';
  const { key } = stack.clientKey({ site, team: 'bench', name: 'bench' });
  stack.hub('entitlement', 'grant', '--site', site, '--features', 'llm.chat');
  const direct = chatTargets({ emulator, reference: {}, portkey: {}, stack, key }).find((target) => target.id === 'direct');
  const withKeepAlive = await startNginx(stack.workerUrl, true);
  const without = await startNginx(stack.workerUrl, false);
  const path = '/wp-json/llm/router/v1/chat/completions';
  const targets = [
    { ...direct, name: 'worker, called directly' },
    { ...direct, name: 'nginx → worker, upstream keepalive 32 (shipped)', url: withKeepAlive + path },
    { ...direct, name: 'nginx → worker, no upstream keep-alive', url: without + path },
  ];
  printTable('direct lane, blocking chat', targets, await sample(targets));
  const front = await startWordPressFront(stack, cleanups);
  const wordpress = [
    { ...direct, name: 'worker, called directly' },
    { ...direct, name: 'nginx → php-fpm → WordPress, fast lane (must-use loader)', url: front.fast + path },
    { ...direct, name: 'nginx → php-fpm → WordPress, full boot (SVC_HUB_FAST_LANE off)', url: front.full + path },
  ];
  const runs = [];
  for (let run = 1; run <= wordpressRuns; run += 1) {
    progress(`WordPress lane, run ${run} of ${wordpressRuns}`);
    runs.push((await sample(wordpress)).map((series) => summarize(series)));
  }
  const machine = {
    startedAt,
    php: versionOf('php-fpm8.2', ['-v'], /PHP (\S+)/),
    nginx: versionOf('nginx', ['-v'], /nginx\/(\S+)/),
    samples,
  };
  const lines = frontLines(wordpress, runs, machine);
  console.log(`\n${lines.slice(1, -1).join('\n')}`);
  if (process.argv.includes('--write')) {
    const target = join(repoRoot, 'docs', 'benchmarks.md');
    writeFileSync(target, spliceFront(readFileSync(target, 'utf8'), lines));
    progress('replaced the "WordPress lane behind php-fpm" section of docs/benchmarks.md');
  }
}

/** A program's version from its banner (nginx prints it on stderr). */
function versionOf(command, args, pattern) {
  const { stdout, stderr } = spawnSync(command, args, { encoding: 'utf8' });
  return pattern.exec(`${stdout}${stderr}`)?.[1] ?? 'unknown';
}

/** `warmup` rounds, then `samples` rounds, the targets called in turn; each target's times. */
async function sample(targets) {
  const dispatcher = keepAliveAgent(4);
  progress(`${warmup} warm-up rounds, then ${samples} samples per target, interleaved`);
  for (let round = 0; round < warmup; round += 1) for (const target of targets) await blockingChat(dispatcher, target);
  const times = targets.map(() => []);
  for (let round = 0; round < samples; round += 1)
    for (const [index, target] of targets.entries()) times[index].push(await blockingChat(dispatcher, target));
  await dispatcher.close();
  return times;
}

function printTable(title, targets, times) {
  console.log(`\n| ${title} | p50 ms | p90 ms | p99 ms | n |\n|---|---|---|---|---|`);
  for (const [index, target] of targets.entries()) {
    const { p50, p90, p99, n } = summarize(times[index]);
    console.log(`| ${target.name} | ${format(p50)} | ${format(p90)} | ${format(p99)} | ${n} |`);
  }
}

try {
  await main();
} finally {
  for (const stop of cleanups.reverse()) await Promise.resolve(stop()).catch((error) => progress(`stopping failed: ${error}`));
}
