#!/usr/bin/env node
// `npm test`: lint (Biome's rules, the module doors and import cycles among them: decision 0070), build once, then the
// unit/API suite (Vitest) and the browser suite (Playwright) side by side. The browser suite spends much of its time
// waiting (typing key by key, a server answering), so running both at once keeps CI inside its time limit on two
// cores. Fails when any step fails.
import { spawn } from 'node:child_process';

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });

const lint = await run('npx', ['biome', 'lint', '.']);
if (lint !== 0) process.exit(lint);
const build = await run('npm', ['run', 'build']);
if (build !== 0) process.exit(build);
// The browser suite is the longer one and its browser needs the CPU most: the unit/API suite yields to it (nice).
const nice = process.platform === 'linux' ? ['nice', ['-n', '10', 'npx', 'vitest', 'run']] : ['npx', ['vitest', 'run']];
const [unit, e2e] = await Promise.all([run(...nice), run('npx', ['playwright', 'test'])]);
console.log(`\nunit/API tests: ${unit === 0 ? 'passed' : 'FAILED'}; browser tests: ${e2e === 0 ? 'passed' : 'FAILED'}`);
process.exit(unit || e2e);
