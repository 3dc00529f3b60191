import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stopProcessGroup, waitForHttp } from './process-group';

/**
 * A fresh prefix laid out as Debian's nginx and php8.2-fpm packages leave a server, for
 * deploy/bin/svc-hub-install --prefix: `etc/nginx/nginx.conf` including `sites-enabled/*`,
 * Debian's `default` site enabled (on the site's port, as it would be on port 80), its
 * `fastcgi_params`, and php-fpm's default pool listening on `run/php/php8.2-fpm.sock` — running
 * as root, since the test runs as root. nginx is started after the installer (start()).
 */
export interface InstallerMachine {
  root: string;
  nginxConfig: string;
  /** Starts nginx on the installed configuration; resolves once `url` answers. */
  startNginx(url: string): Promise<void>;
  /** Runs `command` (a shell line) in a process group of its own; it is stopped by stop(). */
  startGroup(command: string, logFile: string): number;
  stop(): Promise<void>;
}

const NGINX_TEMP = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

export function prepareMachine(root: string, port: number): InstallerMachine {
  const nginx = join(root, 'etc', 'nginx');
  const logs = join(root, 'var', 'log', 'nginx');
  for (const dir of ['sites-available', 'sites-enabled', 'snippets']) mkdirSync(join(nginx, dir), { recursive: true });
  for (const temp of NGINX_TEMP) mkdirSync(join(logs, temp), { recursive: true });
  mkdirSync(join(root, 'run', 'php'), { recursive: true });
  copyFileSync('/etc/nginx/fastcgi_params', join(nginx, 'fastcgi_params'));
  copyFileSync('/etc/nginx/mime.types', join(nginx, 'mime.types'));
  const nginxConfig = join(nginx, 'nginx.conf');
  writeFileSync(
    nginxConfig,
    [
      'user root root;',
      'worker_processes 1;',
      `pid ${root}/run/nginx.pid;`,
      `error_log ${logs}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  include ${nginx}/mime.types;`,
      '  access_log off;',
      ...NGINX_TEMP.map((temp) => `  ${temp}_temp_path ${logs}/${temp};`),
      `  include ${nginx}/sites-enabled/*;`,
      '}',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(nginx, 'sites-available', 'default'),
    `server {\n\tlisten ${port} default_server;\n\tserver_name _;\n\troot /var/www/html;\n}\n`,
  );
  symlinkSync(join(nginx, 'sites-available', 'default'), join(nginx, 'sites-enabled', 'default'));

  const fpmConfig = join(root, 'etc', 'php-fpm.conf');
  writeFileSync(
    fpmConfig,
    [
      '[global]',
      `pid = ${root}/run/php/php8.2-fpm.pid`,
      `error_log = ${root}/var/log/php-fpm.log`,
      'daemonize = no',
      '[www]',
      'user = root',
      'group = root',
      `listen = ${root}/run/php/php8.2-fpm.sock`,
      'pm = static',
      'pm.max_children = 4',
      '',
    ].join('\n'),
  );
  const groups: number[] = [];
  const startGroup = (command: string, logFile: string) => {
    const child = spawn('bash', ['-c', `exec ${command} >>${logFile} 2>&1`], { detached: true, stdio: 'ignore' });
    groups.push(child.pid!);
    return child.pid!;
  };
  startGroup(`php-fpm8.2 -F -R -y ${fpmConfig}`, join(root, 'var', 'log', 'php-fpm.out'));
  return {
    root,
    nginxConfig,
    startNginx: async (url: string) => {
      await waitForHttp(url, startGroup(`nginx -c ${nginxConfig} -g 'daemon off;'`, join(logs, 'nginx.out')));
    },
    startGroup,
    stop: async () => {
      for (const group of groups.reverse()) await stopProcessGroup(group, 10);
    },
  };
}
