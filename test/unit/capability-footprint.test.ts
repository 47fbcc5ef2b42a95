import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md "Adding a capability": a capability is its folder, one line in src/capabilities.ts, its
// migration and its pages. The journey hub is the worked example there; this keeps its footprint what the doc says.
const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** The files outside `own` whose imports (or lazy imports) name a path inside it. */
function importersOf(dir: string, own: string, pattern: RegExp): string[] {
  return sources(dir).filter((f) => !f.startsWith(own) && pattern.test(readFileSync(join(root, f), 'utf8')));
}

describe('adding a capability touches its folder, one line of the list, its migration and its pages', () => {
  it('no server file but src/capabilities.ts reaches into the hub', () => {
    expect(importersOf('src', 'src/hub/', /from '\.\.?\/(\.\.\/)?hub\//)).toEqual(['src/capabilities.ts']);
  });

  it('no page file but web/src/routes.tsx reaches into the hub’s pages', () => {
    expect(importersOf('web/src', 'web/src/pages/hub/', /['(]\.{1,2}\/(\.\.\/)*pages\/hub\/|from '\.\.\/hub\//)).toEqual(['web/src/routes.tsx']);
  });

  it('the hub’s table is made by its own migration', () => {
    const migrations = readdirSync(join(root, 'migrations')).filter((f) => /^\d{4}_.*\.ts$/.test(f) && readFileSync(join(root, 'migrations', f), 'utf8').includes('create table hub_sites'));
    expect(migrations).toEqual(['0016_hub.ts']);
  });
});
