// `npm test`: one vitest run over the test projects of one path, under TZ=UTC (the time tests also run under two
// more host zones, as projects of their own: vitest.config.ts).
// - Embedded (no DATABASE_URL / REDIS_URL): unit, the time tests under America/Los_Angeles and Europe/Prague, web
//   and integration on PGlite and the in-process queue.
// - Postgres + BullMQ/Redis (DATABASE_URL and REDIS_URL set): integration (with the worker-kill and Redis-loss
//   suites, which need Redis) and the browser tests (e2e). Unit and web tests touch neither, so they run once,
//   on the embedded path. CI (.ci/run) runs both paths.
// Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const vitest = new URL('../node_modules/.bin/vitest', import.meta.url).pathname;
const services = Boolean(process.env.DATABASE_URL || process.env.REDIS_URL);
const path = `${process.env.DATABASE_URL ? 'Postgres' : 'embedded PGlite'} + ${process.env.REDIS_URL ? 'BullMQ on Redis' : 'in-process queue'}`;
const projects = services ? ['integration', 'e2e'] : ['unit', 'time America/Los_Angeles', 'time Europe/Prague', 'web', 'integration'];
const report = join(mkdtempSync(join(tmpdir(), 'hearth-tests-')), 'report.json');

console.log(`Hearth tests on ${path}: ${projects.join(', ')}`);
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...projects.flatMap((p) => ['--project', p]), ...process.argv.slice(2)];
// A young generation of 64 MB a semi-space rather than V8's 16: the tests allocate fast and mostly briefly, and
// fewer scavenges cost about a tenth less CPU (the vitest processes and the servers the tests start).
const nodeOptions = [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' ');
const run = spawnSync(vitest, args, { stdio: 'inherit', env: { ...process.env, TZ: 'UTC', NODE_OPTIONS: nodeOptions } });
const totals = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  Object.assign(totals, { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests });
  // Where the time went (issue 33): the ten longest files, and the whole report for anyone who wants to rank more.
  const slowest = r.testResults.map((f) => ({ s: (f.endTime - f.startTime) / 1000, name: f.name.slice(process.cwd().length + 1) })).sort((a, b) => b.s - a.s);
  console.log(`\nThe longest files (of ${slowest.length}; the JSON report is ${report}):`);
  for (const f of slowest.slice(0, 10)) console.log(`${f.s.toFixed(1).padStart(7)} s  ${f.name}`);
}
console.log(`\nTests on ${path} (${projects.join(', ')}):`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(run.status ?? 1);
