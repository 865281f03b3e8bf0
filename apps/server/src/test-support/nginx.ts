/**
 * Debian's nginx as the load balancer in front of server processes, running the repository's own
 * `deploy/nginx.conf` with only its upstream servers and its `listen` address replaced.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATHS } from '@esign/platform';
import { freePort } from './built-server';
import { until } from './until';

export const NGINX_CONF = fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url));
export const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  /** e.g. http://127.0.0.1:43123 */
  base: string;
  /**
   * The upstream address (`127.0.0.1:port`) of every request answered so far, in order, as nginx
   * logged it (a request passed on to a second process lists both, comma-separated; one nginx
   * answered itself is left out).
   */
  upstreams(): string[];
  /** Its error log. */
  errors(): string;
  close(): Promise<void>;
}

/** deploy/nginx.conf with `upstreams` (host:port) as its servers and 127.0.0.1:`port` listened on. */
export function nginxSite(upstreams: readonly string[], port: number): string {
  const conf = readFileSync(NGINX_CONF, 'utf8');
  const server = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm;
  const [first] = [...conf.matchAll(server)];
  if (!first) throw new Error(`${NGINX_CONF} lists no upstream server`);
  const lines = upstreams.map((address) => `${first[1]}server ${address}${first[2] ?? ''};\n`);
  let placed = false;
  const site = conf
    .replace(server, () => (placed ? '' : ((placed = true), lines.join(''))))
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  if (!site.includes(`listen 127.0.0.1:${port};`)) throw new Error('No `listen 80;` to replace');
  return site;
}

/** Starts nginx (in the foreground, as a child) in front of `upstreams`; resolves once it answers. */
export async function startNginx(upstreams: readonly string[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'esign-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp));
  const port = await freePort();
  writeFileSync(path.join(dir, 'esign.conf'), nginxSite(upstreams, port));
  const log = path.join(dir, 'upstreams.log');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      // Workers as root can use the temporary directories made here (ignored when not root).
      'user root;',
      'worker_processes 1;',
      'daemon off;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      "  log_format upstream '$upstream_addr';",
      `  access_log ${log} upstream;`,
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${dir}/${temp};`,
      ),
      `  include ${dir}/esign.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const read = (file: string) => {
    try {
      return readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${read('error.log')}`);
      return fetch(`${base}/api${PATHS.health}`).then(
        (response) => response.ok,
        () => false,
      );
    }, 20_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    base,
    upstreams: () =>
      read('upstreams.log')
        .split('\n')
        .filter((line) => line !== '' && line !== '-'),
    errors: () => read('error.log'),
    async close() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
