import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DataTable, dataTableColumns, PageState } from '../../kit';
import { PageHeader } from '../PageHeader';
import { openApiQuery, type OpenApiDoc, type OpenApiOperation as Operation, type OpenApiSchema as Schema } from './settingsApi';
import './settings.css';

export type { OpenApiDoc };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A schema in words a script writer reads: `text`, `whole number`, `one of a, b`, `list of …`, a named shape. */
export function typeLabel(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').pop()!;
  if (schema.enum) return `one of ${schema.enum.map(String).join(', ')}`;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return [...new Set(options.map(typeLabel))].join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const words: Record<string, string> = { string: 'text', integer: 'whole number', number: 'number', boolean: 'true or false', object: 'object', null: 'null' };
  return types.map((t) => (t === 'array' ? `list of ${typeLabel(schema.items)}` : (words[t] ?? t))).join(' or ') || 'any';
}

interface Field {
  name: string;
  where: string;
  required: boolean;
  type: string;
  description?: string | undefined;
}

/** Where a field goes, in words. */
const WHERE: Record<string, string> = { path: 'Path', query: 'Query', header: 'Header', cookie: 'Cookie', body: 'Body' };

const col = dataTableColumns<Field>();
const FIELD_COLUMNS = [
  col.accessor('name', {
    header: 'Field',
    cell: (c) => (
      <>
        <code>{c.getValue()}</code>
        {c.row.original.description && <div className="muted">{c.row.original.description}</div>}
      </>
    ),
  }),
  col.accessor((f) => WHERE[f.where] ?? f.where, { id: 'where', header: 'In' }),
  col.accessor('type', { header: 'Type' }),
  col.accessor((f) => (f.required ? 'Yes' : 'No'), { id: 'required', header: 'Required' }),
];

/** The fields a call takes: its path and query parameters, then its JSON body's top-level fields. */
function fieldsOf(op: Operation, doc: OpenApiDoc): Field[] {
  const params = (op.parameters ?? []).map((p) => ({ name: p.name, where: p.in, required: p.required ?? false, type: typeLabel(p.schema), description: p.description }));
  let body = op.requestBody?.content['application/json']?.schema;
  if (body?.$ref) body = doc.components?.schemas?.[body.$ref.split('/').pop()!];
  const bodyFields = Object.entries(body?.properties ?? {}).map(([name, s]) => ({ name, where: 'body', required: body?.required?.includes(name) ?? false, type: typeLabel(s), description: s.description }));
  return [...params, ...bodyFields];
}

interface Call {
  method: string;
  path: string;
  op: Operation;
}

/** The calls by tag, in the document's order. */
function byTag(doc: OpenApiDoc): Array<[tag: string, calls: Call[]]> {
  const tags = new Map<string, Call[]>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      tags.set(tag, [...(tags.get(tag) ?? []), { method, path, op }]);
    }
  return [...tags.entries()];
}

/**
 * One area's calls, shown when asked for: the whole reference is some 150 calls with a table each, more than a
 * reader takes in at once (and a page that heavy is slow to open).
 */
function ApiArea({ tag, calls, doc }: { tag: string; calls: Call[]; doc: OpenApiDoc }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section className="card settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {tag}
      </h2>
      <button type="button" className="text-button" aria-expanded={open} aria-controls={`${id}-calls`} onClick={() => setOpen(!open)}>
        {open ? 'Hide' : 'Show'} its {calls.length === 1 ? 'call' : `${calls.length} calls`}
      </button>
      <div id={`${id}-calls`} hidden={!open}>
        {open &&
          calls.map(({ method, path, op }) => {
            const fields = fieldsOf(op, doc);
            return (
              <article key={`${method} ${path}`} className="divided-block api-call">
                <h3 className="small">
                  <code>
                    {method.toUpperCase()} {path}
                  </code>
                </h3>
                {op.summary && <p>{op.summary}</p>}
                {fields.length > 0 && (
                  <DataTable label={`What ${method.toUpperCase()} ${path} takes`} data={fields} columns={FIELD_COLUMNS} getRowId={(f) => `${f.where} ${f.name}`} rowHeader="name" searchPlaceholder={false} pageSize={200} />
                )}
              </article>
            );
          })}
      </div>
    </section>
  );
}

/** /settings/api: Hearth's JSON API, read from its OpenAPI document — every call by area, with what it takes. */
export default function ApiReferencePage() {
  const doc = useQuery(openApiQuery);
  return (
    <div className="settings-page">
      <PageHeader title="API reference" subtitle="The calls behind Hearth’s pages, for your own scripts: sign in to Hearth, then call them with your session. Writes also need the x-csrf-token header." />
      <PageState query={doc}>
        {(d) => (
          <>
            <p>
              <a href="/api/openapi.json">Download the OpenAPI document</a> (OpenAPI 3.1, for tools that generate clients).
            </p>
            {byTag(d).map(([tag, calls]) => (
              <ApiArea key={tag} tag={tag} calls={calls} doc={d} />
            ))}
          </>
        )}
      </PageState>
    </div>
  );
}
