// First-load size of the admin web app: the JS and CSS that dist/web/index.html references (scripts,
// stylesheets, module preloads), each gzipped with node:zlib. Builds nothing: run `npx vite build` first.
// Usage: npx tsx bench/bundle.ts [distDir] (default <repo>/dist/web)   Exit 1 if the total is over the budget.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_BYTES = 300 * 1024;

/** Local JS and CSS files an HTML page loads up front, in document order, without duplicates. */
export function referencedAssets(html: string): string[] {
  const found: string[] = [];
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? [];
  for (const tag of tags) {
    const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    let url: string | undefined;
    if (/^<script/i.test(tag)) url = attr('src');
    else {
      const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('stylesheet') || rel.includes('modulepreload')) url = attr('href');
    }
    if (!url || /^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) continue;
    const path = url.split(/[?#]/)[0]!.replace(/^\//, '');
    if (/\.(?:m?js|css)$/i.test(path) && !found.includes(path)) found.push(path);
  }
  return found;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function main(): void {
  const dist = process.argv[2] ? resolve(process.argv[2]) : fileURLToPath(new URL('../dist/web/', import.meta.url));
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) {
    console.error(`No ${indexPath}. Run \`npx vite build\` first.`);
    process.exit(1);
  }
  const assets = referencedAssets(readFileSync(indexPath, 'utf8'));
  if (assets.length === 0) {
    console.error(`${indexPath} references no JS or CSS files.`);
    process.exit(1);
  }
  let raw = 0;
  let gzipped = 0;
  for (const asset of assets) {
    const file = join(dist, asset);
    if (!existsSync(file)) {
      console.error(`index.html references ${asset}, which is not in ${dist}.`);
      process.exit(1);
    }
    const bytes = readFileSync(file);
    const gz = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzipped += gz;
    console.log(`${asset.padEnd(44)} ${kb(bytes.length).padStart(10)}  gzip ${kb(gz).padStart(9)}`);
  }
  const verdict = gzipped <= FIRST_LOAD_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(`first load (JS + CSS): ${kb(raw)} raw, ${kb(gzipped)} gzipped — ${verdict} the ${kb(FIRST_LOAD_BUDGET_BYTES)} budget`);
  if (gzipped > FIRST_LOAD_BUDGET_BYTES) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
