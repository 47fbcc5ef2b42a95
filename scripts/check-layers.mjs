// `npm run lint` (after eslint): the import graph of the server code has no cycles — type-only imports
// included — and respects the layers of docs/architecture.md. Built on TypeScript's own import scanner
// (ts.preProcessFile), which sees `import type` too: dependency-cruiser 16 does not read TypeScript 6 and its
// later majors need Node 22, and eslint-plugin-import-x's no-cycle skips type-only imports by design.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// The project root, or another tree given as the first argument (the test checks small trees of its own).
const root = resolve(process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), '..'));
const CORE = '(platform|db|outbox|slack|scheduler|people|channels|programs|users|workspaces|http|time)';

/** Server files the pages import as they are: dependency-free and browser-safe (the plan gates, return paths, the enrollment CSV parser). */
const SHARED_WITH_PAGES = ['src/platform/entitlements/features.ts', 'src/http/return-path.ts', 'src/enrollment/csv.ts', 'src/slack/mrkdwn.ts', 'src/people/greeting.ts'];

/** [name, why, from, to, unless(from, to)?] — a matching import is a violation. */
const RULES = [
  [
    'platform imports no capability',
    'capabilities import the platform, never the reverse (their tables join the Database type by declaration merging)',
    new RegExp(`^src/(${CORE}/|(config|crypto|logger|paths)\\.ts$)`),
    new RegExp(`^src/(?!${CORE}/|sandbox/)[^/]+/`),
  ],
  ['tables.ts are leaves', 'they declare column types only, and join them to the Database type of src/db/types.ts', /^src\/.+\/tables\.ts$/, /^src\//, (_f, to) => /^src\/[^/]+\/api-types\.ts$/.test(to) || to === 'src/db/types.ts'],
  ['jobs/ knows no capability', 'jobs/ is the queue port', /^jobs\//, /^src\//],
  ['nothing imports the sandbox', 'the sandbox may use the app, never the reverse; main.ts starts it', /^src\/(?!sandbox\/|main\.ts$)/, /^src\/sandbox\//],
  ['capabilities are composed at the root', 'only src/capabilities.ts lists capability declarations', /^src\/(?!capabilities\.ts$)/, /^src\/(?!platform\/)[^/]+\/capability\.ts$/],
  ['repositories are the bottom layer', 'routes and listeners → services → repositories → db', /repository\.ts$/, /\/(service|routes|listeners|capability)\.ts$|\.service\.ts$/],
  ['services do not import handlers', 'routes and listeners call services, not the other way', /^src\/(?!.*\/(routes|listeners|capability)\.ts$)(?!(hearth|capabilities|main)\.ts$)(?!platform\/core\.ts$)(?!sandbox\/)(?!slack\/bolt\.ts$)/, /^src\/.+\/(routes|listeners)\.ts$/],
  [
    'a capability imports another only through its public files',
    "another capability's public.ts (services and functions it offers), events.ts (its domain events) or api-types.ts (its JSON shapes)",
    new RegExp(`^src/(?!${CORE}/|sandbox/)[^/]+/`),
    new RegExp(`^src/(?!${CORE}/|sandbox/)[^/]+/`),
    (from, to) => from.split('/')[1] === to.split('/')[1] || /^src\/[^/]+\/(public|events|api-types)\.ts$/.test(to),
  ],
  ['migrations import no app code', 'migrations are frozen once shipped', /^migrations\//, /^(src|jobs)\//],
  [
    'the pages see the server only through its shared files',
    "a capability's api-types.ts (its JSON shapes), api-constants.ts (texts and constants, no zod) or *-rules.ts (pure rules the page checks too), a file shared with the browser (SHARED_WITH_PAGES), or, type-only, its route schemas (schema.ts: the request types, z.input<typeof body>)",
    /^web\//,
    /^(src|jobs|migrations)\//,
    (from, to) =>
      /^src\/[^/]+\/(api-types|api-constants|[a-z-]+-rules)\.ts$/.test(to) || SHARED_WITH_PAGES.includes(to) || (/^src\/[^/]+\/schema\.ts$/.test(to) && typeOnly.get(from)?.has(to) === true),
  ],
];

function files(dir) {
  const out = [];
  if (!existsSync(join(root, dir))) return out;
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...files(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = join(dirname(from), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (graph.has(candidate)) return candidate;
  return undefined;
}

/** The targets a file imports only with `import type` / `export type` (no value reaches the bundle). */
function typeOnlyTargets(file, text) {
  const kinds = new Map();
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  for (const node of source.statements) {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    const target = resolveImport(file, node.moduleSpecifier.text);
    if (!target) continue;
    const clause = ts.isImportDeclaration(node) ? node.importClause : node;
    const onlyTypes = Boolean(clause?.isTypeOnly) || (clause && ts.isImportClause(clause) && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly));
    kinds.set(target, (kinds.get(target) ?? true) && Boolean(onlyTypes));
  }
  return new Set([...kinds].filter(([, only]) => only).map(([target]) => target));
}

const all = [...files('src'), ...files('jobs'), ...files('migrations'), ...files('web/src')];
const graph = new Map(all.map((f) => [f, []]));
const typeOnly = new Map();
for (const file of all.filter((f) => f.startsWith('web/'))) typeOnly.set(file, typeOnlyTargets(file, readFileSync(join(root, file), 'utf8')));
for (const file of all) {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  for (const { fileName } of importedFiles) {
    const target = resolveImport(file, fileName);
    if (target) graph.get(file).push(target);
  }
}

const problems = [];
for (const [from, targets] of graph)
  for (const to of new Set(targets))
    for (const [name, why, fromRe, toRe, unless] of RULES)
      if (fromRe.test(from) && toRe.test(to) && !unless?.(from, to)) problems.push(`${from} → ${to}: ${name} (${why})`);

// Cycles: strongly connected components of more than one file, or a file importing itself (Tarjan).
let index = 0;
const stack = [];
const info = new Map();
function strongConnect(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v)) {
    if (!info.has(w)) {
      strongConnect(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v).includes(v)) problems.push(`import cycle: ${component.sort().join(' ↔ ')}`);
  }
}
for (const v of graph.keys()) if (!info.has(v)) strongConnect(v);

if (problems.length) {
  console.error(`Layer check: ${problems.length} problem(s) in ${relative(process.cwd(), root) || '.'}\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Layer check: ${graph.size} files, no cycles, layers respected.`);
