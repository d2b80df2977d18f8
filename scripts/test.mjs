#!/usr/bin/env node
// `npm test`: lint (Biome's rules, the module doors and import cycles among them: decision 0070), build once, then the
// unit/API suite (Vitest) and the browser suite (Playwright), one after the other: on two cores, side by side they
// took longer than the two in turn (decision 0099). Fails when any step fails, and then lists the failed tests last
// (scripts/failure-summary.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { playwrightFailures, printFailures, vitestFailures } from './failure-summary.mjs';

const run = (command, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });

const lint = await run('npx', ['biome', 'lint', '.']);
if (lint !== 0) process.exit(lint);
const build = await run('npm', ['run', 'build']);
if (build !== 0) process.exit(build);
// Both suites also write a JSON report, read at the end to list what failed below everything else.
const reports = mkdtempSync(path.join(tmpdir(), 'adega-test-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`];
const unit = await run('npx', vitestArgs);
const e2e = await run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport });
if (unit !== 0) printFailures('unit/API tests', vitestFailures(vitestReport));
if (e2e !== 0) printFailures('browser tests', playwrightFailures(playwrightReport));
rmSync(reports, { recursive: true, force: true });
console.log(`\nunit/API tests: ${unit === 0 ? 'passed' : 'FAILED'}; browser tests: ${e2e === 0 ? 'passed' : 'FAILED'}`);
process.exit(unit || e2e);
