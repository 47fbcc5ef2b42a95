import { describe, expect, test } from 'vitest';
import { firstLoads, PAGES_BUDGET } from '../../scripts/build.mjs';

describe("the pages' budget", () => {
  test('is 100 kB gzip for the entry and 200 kB for any first load', () => {
    expect(PAGES_BUDGET).toEqual({ entryGzip: 100_000, firstLoadGzip: 200_000 });
  });

  test("a route's first load is the entry, its chunk and their static imports, each file counted once", () => {
    const sizes: Record<string, number> = { 'entry.js': 50, 'react.js': 30, 'page.js': 20, 'kit.js': 7, 'menu.js': 4 };
    const { entry, routes } = firstLoads(
      {
        'index.html': { file: 'entry.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/Page.tsx', '_menu.js'] },
        '_react.js': { file: 'react.js' },
        'src/Page.tsx': { file: 'page.js', src: 'src/Page.tsx', imports: ['_react.js', '_kit.js'] },
        '_kit.js': { file: 'kit.js', imports: ['_react.js'] },
        '_menu.js': { file: 'menu.js', name: 'UserMenu' },
      },
      (file) => sizes[file]!,
    );
    expect(entry.size).toBe(80);
    expect(routes).toEqual([
      { route: 'src/Page.tsx', files: ['entry.js', 'react.js', 'page.js', 'kit.js'], size: 107 },
      { route: 'UserMenu', files: ['entry.js', 'react.js', 'menu.js'], size: 84 },
    ]);
  });
});
