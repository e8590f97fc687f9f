// npm test: everything CI runs, and only what does not depend on how fast the machine is: typecheck, lint, web
// and back-office builds, the first-load shape of the player app built there (npm run budget -- --gate: bytes,
// scripts, no waterfall, no Zod; its timed figures are npm run budget's, never the gate's), then every Vitest
// project (contract, server, web components, end-to-end in Chromium). Prints how long each phase took, then
// ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { ensureSystemDeps } from './system-deps.mjs';

/** [label, seconds, note] per phase, in the order they ran. */
const phases = [];
// .ci/run times `npm ci` before this script exists to time anything, and passes the figure on.
if (process.env.CI_NPM_CI_SECONDS) phases.push(['npm ci', Number(process.env.CI_NPM_CI_SECONDS), '.ci/run']);

function timed(label, work) {
  const started = performance.now();
  const result = work();
  phases.push([label, (performance.now() - started) / 1000, result ? '' : 'failed']);
  return result;
}

function run(label, command, args, env = {}) {
  console.info(`\n▶ ${label}`);
  return timed(label, () => {
    const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    if (result.status !== 0) console.error(`✗ ${label} failed`);
    return result.status === 0;
  });
}

function printPhases(summary) {
  const rows = [...phases];
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.info('\nphase                          seconds');
  for (const [label, seconds, note] of rows) {
    console.info(`${label.padEnd(30)} ${seconds.toFixed(1).padStart(7)}${note ? `  ${note}` : ''}`);
  }
  console.info(`${'total'.padEnd(30)} ${total.toFixed(1).padStart(7)}`);
  // Where the tests' time went: each project's files summed (two files run at once, so the sum is more
  // than the phase took).
  const byProject = new Map();
  for (const file of summary?.testResults ?? []) {
    const project = /\/(e2e|apps\/server|apps\/web|apps\/backoffice|packages\/contract|packages\/web-kit)\//.exec(
      file.name,
    )?.[1];
    const seconds = (file.endTime - file.startTime) / 1000;
    if (project && Number.isFinite(seconds)) byProject.set(project, (byProject.get(project) ?? 0) + seconds);
  }
  if (byProject.size) {
    console.info('test files by folder, summed    seconds');
    for (const [project, seconds] of [...byProject].sort((a, b) => b[1] - a[1])) {
      console.info(`  ${project.padEnd(28)} ${seconds.toFixed(1).padStart(7)}`);
    }
  }
}

function finish(summary, ok) {
  printPhases(summary);
  const skipped = (summary?.numPendingTests ?? 0) + (summary?.numTodoTests ?? 0);
  console.info(
    `\n${summary?.numPassedTests ?? 0} passed, ${summary?.numFailedTests ?? 1} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
  process.exit(ok ? 0 : 1);
}

timed('Debian packages (when missing)', () => {
  ensureSystemDeps();
  return true;
});
const ok =
  run('typecheck', 'npm', ['run', 'typecheck']) &&
  run('lint', 'npx', ['biome', 'ci', '--colors=off', '.']) &&
  run('build the player app', 'npm', ['run', 'build', '-w', '@wallet/web']) &&
  run('build the back office', 'npm', ['run', 'build', '-w', '@wallet/backoffice']) &&
  // Bytes, scripts, the order they are requested in: the same on any machine, so they are hard limits. The
  // timed figures (Fast 3G usable time, Lighthouse) measure the machine too: `npm run budget`, not the gate.
  run('first-load shape (gate)', 'npm', ['run', 'budget', '--', '--gate'], { BUDGET_WEB_DIST: 'apps/web/dist' });
if (!ok) finish({ numPassedTests: 0, numFailedTests: 1 }, false);

mkdirSync('artifacts', { recursive: true });
const report = 'artifacts/vitest-report.json';
const testsOk = run('tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
let summary = { numPassedTests: 0, numFailedTests: testsOk ? 0 : 1, numPendingTests: 0 };
try {
  summary = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  // No report means Vitest itself failed to start; the exit code already says so.
}
finish(summary, testsOk && summary.numFailedTests === 0);
