// Reads the JSON reports of Vitest and Playwright and prints the tests that failed, each with the start of its error.
// `npm test` runs both suites side by side, so their output interleaves and a failure scrolls out of sight (CI shows
// only the end of the log): this summary is printed last.
import { existsSync, readFileSync } from 'node:fs';

const ERROR_LINES = 12;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are control characters
const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
// Stack frames inside the test runners or Node say nothing about the failure.
const runnerFrame = /^\s*at .*(node_modules|node:internal|new Promise \(<anonymous>\))/;
const firstLines = (text) =>
  plain(text)
    .split('\n')
    .filter((line) => !runnerFrame.test(line))
    .slice(0, ERROR_LINES)
    .join('\n      ');

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest's json reporter: files, each with its assertions. */
export function vitestFailures(file) {
  const report = readJson(file);
  if (!report) return [`(no Vitest report at ${file})`];
  const failures = [];
  for (const result of report.testResults ?? []) {
    const name = result.name.replace(`${process.cwd()}/`, '');
    const failed = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const assertion of failed)
      failures.push(`${name} › ${assertion.fullName}\n      ${firstLines(assertion.failureMessages?.join('\n'))}`);
    if (failed.length === 0 && result.status === 'failed') failures.push(`${name}\n      ${firstLines(result.message)}`);
  }
  return failures;
}

/** Playwright's json reporter: nested suites of specs, each with its tests and their tries. */
export function playwrightFailures(file) {
  const report = readJson(file);
  if (!report) return [`(no Playwright report at ${file})`];
  const failures = (report.errors ?? []).map((error) => `(outside any test)\n      ${firstLines(error.message)}`);
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((r) => r.error)?.error;
        const where = `${spec.file}:${spec.line} › ${[...titles.slice(1), spec.title].join(' › ')}`;
        failures.push(`${where}\n      ${firstLines(error?.message ?? test.status)}`);
      }
    }
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return failures;
}

export function printFailures(title, failures) {
  if (failures.length === 0) return;
  console.log(`\n${title}: ${failures.length} failed`);
  for (const failure of failures) console.log(`  ✘ ${failure}`);
}
