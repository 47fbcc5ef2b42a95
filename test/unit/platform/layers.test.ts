import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = new URL('../../../scripts/check-layers.mjs', import.meta.url).pathname;

/** Runs the layer check (part of `npm run lint`) on a small tree of files. */
function check(tree: Record<string, string>): { status: number | null; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'hearth-layers-'));
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const r = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe('the layer check of npm run lint', () => {
  it('passes a tree that keeps the layers', () => {
    const r = check({
      'src/platform/capability.ts': 'export interface Capability { name: string }\n',
      'src/intros/capability.ts': "import type { Capability } from '../platform/capability.js';\nexport const c: Capability = { name: 'x' };\n",
      'src/capabilities.ts': "import { c } from './intros/capability.js';\nexport const all = [c];\n",
    });
    expect(r.output).toContain('no cycles');
    expect(r.status).toBe(0);
  });

  it('fails on a cycle made only of type imports', () => {
    const r = check({
      'src/intros/service.ts': "import type { Deps } from './deps.js';\nexport class S { constructor(readonly d: Deps) {} }\n",
      'src/intros/deps.ts': "import type { S } from './service.js';\nexport type Deps = { s?: S };\n",
    });
    expect(r.status).toBe(1);
    expect(r.output).toMatch(/import cycle: src\/intros\/deps\.ts ↔ src\/intros\/service\.ts/);
  });

  it('fails when the platform imports a capability, a repository imports a service, or code imports the sandbox', () => {
    const r = check({
      'src/platform/core.ts': "import { x } from '../intros/service.js';\nexport const y = x;\n",
      'src/intros/service.ts': 'export const x = 1;\n',
      'src/intros/repository.ts': "import { x } from './service.js';\nexport const z = x;\n",
      'src/sandbox/seed.ts': 'export const seed = 1;\n',
      'src/celebrations/csv.ts': "import { seed } from '../sandbox/seed.js';\nexport const s = seed;\n",
    });
    expect(r.status).toBe(1);
    expect(r.output).toContain('src/platform/core.ts → src/intros/service.ts: platform imports no capability');
    expect(r.output).toContain('src/intros/repository.ts → src/intros/service.ts: repositories are the bottom layer');
    expect(r.output).toContain('src/celebrations/csv.ts → src/sandbox/seed.ts: nothing imports the sandbox');
  });

  it('lets a page import a route schema only as types (its request bodies), never as a value', () => {
    const schema = "import { z } from 'zod';\nexport const body = z.object({ name: z.string() });\n";
    const r = check({
      'src/intros/schema.ts': schema,
      'web/src/pages/intros/introsApi.ts': "import type { z } from 'zod';\nimport type { body } from '../../../../src/intros/schema';\nexport type Body = z.input<typeof body>;\n",
      'web/src/pages/intros/Page.tsx': "import { body } from '../../../../src/intros/schema';\nexport const b = body;\n",
    });
    expect(r.status).toBe(1);
    expect(r.output).toContain('web/src/pages/intros/Page.tsx → src/intros/schema.ts: the pages see the server only through its shared files');
    expect(r.output).not.toContain('introsApi.ts');
  });
});
