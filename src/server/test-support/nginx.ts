import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntilAnswers } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The nginx site the README shows ("Rodando em várias máquinas"): the tests run this very file. */
export const NGINX_SITE_TEMPLATE = path.join(root, 'deploy/nginx/adega.conf');
const NGINX = '/usr/sbin/nginx';

/**
 * Debian's nginx. Missing and running as root (CI): installs it with apt-get, as the browser tests do Chromium;
 * otherwise stops saying how to get it.
 */
export function findNginx(): string {
  if (!existsSync(NGINX) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    process.stderr.write('Instalando o nginx do Debian (apt-get) para o teste com vários processos...\n');
    const install = 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx';
    execSync(`${install} || (apt-get update -qq && ${install})`, { stdio: 'inherit' });
  }
  if (existsSync(NGINX)) return NGINX;
  throw new Error('nginx não encontrado para o teste com vários processos. Instale-o (Debian/Ubuntu: `sudo apt-get install nginx`).');
}

export interface SiteOptions {
  /** The upstream's name (the template's is "adega"). */
  upstream: string;
  /** host:port of each app process. */
  servers: string[];
  /** host:port nginx listens on. */
  listen: string;
}

/**
 * The template site with its upstream servers' addresses (their parameters kept, max_fails and the like), upstream
 * name and listen address replaced; fails if the template changed shape.
 */
export function renderSite(template: string, { upstream, servers, listen }: SiteOptions): string {
  const replaceOnce = (text: string, pattern: RegExp, replacement: (...groups: string[]) => string) => {
    const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
    if (matches !== 1) throw new Error(`${NGINX_SITE_TEMPLATE}: expected one match of ${pattern}, found ${matches}`);
    return text.replace(pattern, (_match, ...groups: string[]) => replacement(...groups));
  };
  let site = replaceOnce(
    template,
    /upstream adega \{\n {4}server \S+([^\n]*);\n(?: {4}server [^\n]+;\n)*/,
    (parameters = '') => `upstream ${upstream} {\n${servers.map((s) => `    server ${s}${parameters};\n`).join('')}`,
  );
  site = replaceOnce(site, /proxy_pass http:\/\/adega;/, () => `proxy_pass http://${upstream};`);
  site = replaceOnce(site, /listen 80;/, () => `listen ${listen};`);
  return site;
}

export interface RunningNginx {
  stop(): Promise<void>;
  /** nginx's error log, for a failure message. */
  errors(): string;
}

/**
 * nginx as a child process in the foreground (no daemon), with its own prefix, configuration, pid file, logs and
 * temporary folders under `dir`, serving the given sites. Resolves once every listen address accepts a request.
 */
export async function startNginx(dir: string, sites: SiteOptions[], extraHttp = ''): Promise<RunningNginx> {
  const nginx = findNginx();
  const template = readFileSync(NGINX_SITE_TEMPLATE, 'utf8');
  for (const sub of ['logs', 'temp/body', 'temp/proxy', 'temp/fastcgi', 'temp/uwsgi', 'temp/scgi'])
    mkdirSync(path.join(dir, sub), { recursive: true });
  const conf = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path ${dir}/temp/body;
    proxy_temp_path ${dir}/temp/proxy;
    fastcgi_temp_path ${dir}/temp/fastcgi;
    uwsgi_temp_path ${dir}/temp/uwsgi;
    scgi_temp_path ${dir}/temp/scgi;
${extraHttp}
${sites.map((site) => renderSite(template, site)).join('\n')}
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'logs/error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const errors = () => {
    const log = path.join(dir, 'logs/error.log');
    return `${stderr}${existsSync(log) ? readFileSync(log, 'utf8') : ''}`;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // SIGQUIT: graceful shutdown of the master and its worker.
    child.kill('SIGQUIT');
    await exited;
  };
  try {
    for (const site of sites) {
      // Any answer will do: the app processes behind it may not be up yet.
      await waitUntilAnswers(`http://${site.listen}/api/health`, {
        child,
        name: 'nginx',
        timeoutMs: 30_000,
        answered: (res) => res.status > 0,
        output: errors,
      });
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop, errors };
}
