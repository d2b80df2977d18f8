// What the bench scripts share: node child processes that print one JSON line when ready, and a raw GET.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Starts node children in `cwd` with `env`; `children` lists them all, for the clean-up at the end. */
export function childProcesses(cwd, env) {
  const children = [];
  /** Starts a node child process and resolves with the JSON line it prints when ready. */
  function start(args, label) {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      let buffer = '';
      const onData = (chunk) => {
        buffer += chunk;
        const line = buffer.split('\n').find((l) => l.startsWith('{'));
        if (line) {
          child.stdout.off('data', onData);
          child.stdout.resume();
          resolve({ child, ...JSON.parse(line) });
        }
      };
      child.stdout.setEncoding('utf8').on('data', onData);
      child.on('exit', (code) => reject(new Error(`${label} exited with ${code} before it was ready`)));
    });
  }
  return { children, start };
}

/** Stops a child with SIGTERM and resolves once it has exited. */
export const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** A GET whose body is kept as the bytes that came (no decompression). */
export const getRaw = (url, headers) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (r) => {
        const chunks = [];
        r.on('data', (c) => chunks.push(c));
        r.on('end', () => resolve({ status: r.statusCode, headers: r.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

/**
 * bench/bare-server.mjs replaying `response` (a getRaw answer) byte for byte, through `start` (childProcesses): the
 * node:http yardstick the public menu is measured against. `removeFiles` deletes the response it was given.
 */
export async function startBareReplay(start, response) {
  const { connection: _c, 'keep-alive': _k, date: _d, 'transfer-encoding': _t, ...headers } = response.headers;
  const dir = mkdtempSync(path.join(tmpdir(), 'adega-bench-bare-'));
  const file = path.join(dir, 'response.json');
  writeFileSync(file, JSON.stringify({ headers, body: response.body.toString('base64') }));
  const bare = await start(['bench/bare-server.mjs', file], 'bare server');
  return { ...bare, removeFiles: () => rmSync(dir, { recursive: true, force: true }) };
}
