import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_ERRORS } from '../../../src/sandbox/errors.js';

const root = join(import.meta.dirname, '..', '..', '..', 'src', 'sandbox');
const files = [...readdirSync(root).map((f) => join(root, f)), ...readdirSync(join(root, 'methods')).map((f) => join(root, 'methods', f))].filter((f) => f.endsWith('.ts'));

describe('the sandbox answers only with error names Slack documents (issue 12, item 8)', () => {
  it('every SlackApiError and `error:` literal in src/sandbox is documented', () => {
    const used = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/SlackApiError\('([a-z_]+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/\berror: '([a-z_]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((e) => !DOCUMENTED_ERRORS.has(e)).sort()).toEqual([]);
  });
});
