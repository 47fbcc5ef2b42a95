// `npm run bench`: runs every benchmark in bench/ (each a script that prints its own table), one after another.
// Speed and size targets live here, not in timed tests. Name benchmarks on the command line to run only those.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = new URL('./', import.meta.url);
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.ts$/, '')))
  .sort();

// The bundle benchmark measures a fresh build of the pages.
if (benches.includes('bundle.ts')) {
  const build = spawnSync(new URL('../node_modules/.bin/vite', import.meta.url).pathname, ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const failed: string[] = [];
for (const file of benches) {
  console.log(`\n## ${file.replace(/\.ts$/, '')}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', new URL(file, dir).pathname], { stdio: 'inherit', env: { ...process.env, TZ: 'UTC' } });
  if (r.status !== 0) failed.push(file.replace(/\.ts$/, ''));
}
if (!benches.length) console.log('no benchmarks yet');
// A benchmark fails when a figure misses its goal or it could not finish: name them, after all the tables.
if (failed.length) console.log(`\nMissed a goal or did not finish: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
