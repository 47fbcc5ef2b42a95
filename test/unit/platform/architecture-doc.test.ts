import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('docs/architecture.md', () => {
  it("shows the worked example exactly as the test that runs it", () => {
    const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    const test = readFileSync(new URL('../../integration/architecture-example.test.ts', import.meta.url), 'utf8');
    const example = test.split('// example:start\n')[1]!.split('// example:end\n')[0]!;
    const shown = doc.split('## A worked example')[1]!.split('```ts\n')[1]!.split('```')[0]!;
    expect(shown).toBe(example);
  });
});
