import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const logger = new URL('../../src/logger.ts', import.meta.url).href;

/** What a process that logs one line through createLogger prints, with its stdout on a terminal or a pipe. */
function logLine(env: 'development' | 'production' | 'test', stdout: 'terminal' | 'pipe'): string {
  const script = `import(${JSON.stringify(logger)}).then(({ createLogger }) => createLogger('info', '${env}').info('hello from the logger'))`;
  const command = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', JSON.stringify(script)].join(' ');
  // script(1) gives the child a pseudo-terminal, as a developer's shell does.
  const r = stdout === 'terminal' ? spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8' }) : spawnSync('sh', ['-c', command], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
}

describe.skipIf(!existsSync('/usr/bin/script'))('log format', () => {
  it('is readable in development at a terminal', () => {
    const line = logLine('development', 'terminal');
    expect(line).toContain('INFO');
    expect(line).toContain('hello from the logger');
    expect(line).not.toContain('"msg"');
  });

  it.each([
    ['production', 'terminal'],
    ['test', 'terminal'],
    ['development', 'pipe'],
  ] as const)('is JSON in %s with stdout on a %s', (env, stdout) => {
    expect(JSON.parse(logLine(env, stdout))).toMatchObject({ level: 30, msg: 'hello from the logger' });
  });
});
