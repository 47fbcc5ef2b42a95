// `npm test`: the test projects of one path, under TZ=UTC, then (embedded path) the time tests again under two
// more host zones (America/Los_Angeles, Europe/Prague) to prove no code depends on the host's zone.
// - Embedded (no DATABASE_URL / REDIS_URL): unit, web and integration on PGlite and the in-process queue.
// - Postgres + BullMQ/Redis (DATABASE_URL and REDIS_URL set): integration (with the worker-kill and Redis-loss
//   suites, which need Redis) and the browser tests (e2e). Unit and web tests touch neither, so they run once,
//   on the embedded path. CI (.ci/run) runs both paths.
// Ends with one line "N passed, N failed" over all runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const vitest = new URL('../node_modules/.bin/vitest', import.meta.url).pathname;
const extra = process.argv.slice(2);
const out = mkdtempSync(join(tmpdir(), 'hearth-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let status = 0;

function run(tz, args) {
  console.log(`\n▶ vitest run ${args.join(' ')} (TZ=${tz})`);
  const file = join(out, `${totals.passed + totals.failed}-${tz.replace('/', '_')}.json`);
  const r = spawnSync(vitest, ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args, ...extra], {
    stdio: 'inherit',
    env: { ...process.env, TZ: tz },
  });
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  status ||= r.status ?? 1;
}

const services = Boolean(process.env.DATABASE_URL || process.env.REDIS_URL);
const path = `${process.env.DATABASE_URL ? 'Postgres' : 'embedded PGlite'} + ${process.env.REDIS_URL ? 'BullMQ on Redis' : 'in-process queue'}`;
const projects = services ? ['integration', 'e2e'] : ['unit', 'web', 'integration'];
console.log(`Hearth tests on ${path}: ${projects.join(', ')}`);
run('UTC', projects.flatMap((p) => ['--project', p]));
if (!services) for (const tz of ['America/Los_Angeles', 'Europe/Prague']) run(tz, ['--project', 'unit', 'test/unit/time']);
console.log(`\nTests on ${path} (${projects.join(', ')}):`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(status);
