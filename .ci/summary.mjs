// Prints the closing line of CI, `N passed, N failed`, from the test runners' JSON reports;
// a failed step without tests (lint, types, build) counts as one failure. Exits 1 on any failure.
import fs from 'node:fs';
import path from 'node:path';

const [resultsDir, ...failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(resultsDir, file), 'utf8'));
  } catch {
    return undefined;
  }
}

const unit = read('vitest.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
  console.log(`npm test: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
  // Each failed test by name with the start of its message, so the end of the log says which.
  for (const file of unit.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = String(test.failureMessages?.[0] ?? '')
        .split('\n')
        .slice(0, 3)
        .join(' | ');
      console.log(
        `failed test: ${path.relative(process.cwd(), file.name)} > ${test.fullName}: ${message.slice(0, 400)}`,
      );
    }
  }
}
const e2e = read('e2e.json');
if (e2e) {
  // A test that passed only on a retry is a failure of the run, not a pass.
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected + e2e.stats.flaky;
  skipped += e2e.stats.skipped;
  console.log(
    `browser tests: ${e2e.stats.expected} passed, ${e2e.stats.flaky} flaky (failed on a first try), ${e2e.stats.unexpected} failed`,
  );
}
// A failed run whose tests all passed: name the files that failed and quote the errors Vitest
// printed outside any test, so the reason shows at the end of the log.
if (unit && failedSteps.includes('npm test') && unit.numFailedTests === 0) {
  for (const file of unit.testResults ?? []) {
    if (file.status !== 'passed')
      console.log(`failed file: ${file.name}: ${file.message ?? file.status}`);
  }
  let log = '';
  try {
    log = fs.readFileSync(path.join(resultsDir, 'vitest.log'), 'utf8');
  } catch {}
  const plain = log.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  const start = plain.search(/Unhandled (Error|Rejection)/);
  console.log(start >= 0 ? plain.slice(start, start + 4000) : plain.slice(-3000));
}
const testSteps = new Set(['npm test', 'browser tests']);
for (const step of failedSteps) {
  const reported = (step === 'npm test' && unit) || (step === 'browser tests' && e2e);
  if (!reported || !testSteps.has(step)) {
    failed += 1;
    console.log(`failed step: ${step}`);
  }
}
if (failed === 0 && failedSteps.length > 0) failed = failedSteps.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || failedSteps.length > 0 ? 1 : 0);
