import type { Router } from 'express';
import { Router as router } from 'express';
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { operationsOf, type ApiOperation } from './api.js';
import { CSRF_COOKIE, SESSION_COOKIE, requireMember } from './auth.js';

/** The one error shape (src/http/errors.ts), for the document's error responses. */
const errorBody = z
  .object({
    error: z.string().meta({ description: 'What went wrong, in words a person understands.' }),
    fields: z.record(z.string(), z.string()).optional().meta({ description: 'Each failing field (dotted path) and why.' }),
  })
  .meta({ id: 'Error' });

/** `/watercooler/:id` → `/watercooler/{id}`. */
export const openApiPath = (expressPath: string) => expressPath.replace(/:([A-Za-z_]\w*)/g, '{$1}');

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorBody } } });

function operationObject(op: ApiOperation) {
  const query = op.query ?? op.serviceQuery;
  const body = op.body ?? op.serviceBody;
  return {
    tags: [op.tag],
    summary: op.summary,
    operationId: `${op.method}${openApiPath(op.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(op.params || query ? { requestParams: { ...(op.params ? { path: op.params as z.ZodObject } : {}), ...(query ? { query: query as z.ZodObject } : {}) } } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses: {
      [String(op.status ?? 200)]: { description: op.status === 201 ? 'Created' : 'OK', content: { 'application/json': { schema: op.response } } },
      '400': errorResponse('A value is not valid: `fields` names each one.'),
      '401': errorResponse('Not signed in.'),
      '403': errorResponse('Signed in, but not allowed to do this.'),
      '404': errorResponse('No such thing in this workspace.'),
    },
  };
}

/**
 * Hearth's HTTP API as an OpenAPI 3.1 document, generated from the schemas every JSON call registers
 * (src/http/api.ts) — the same ones that validate its requests and, in the test suites, its responses.
 */
export function openApiDocument(routers: Router[], info: { version: string; serverUrl: string }) {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of routers.flatMap(operationsOf)) {
    const item = (paths[openApiPath(op.path)] ??= {});
    if (item[op.method]) throw new Error(`openapi: ${op.method.toUpperCase()} ${op.path} is registered twice`);
    item[op.method] = operationObject(op);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Hearth API',
      version: info.version,
      description:
        'The JSON API behind Hearth’s pages: every call a page makes, for scripts too. Calls are authenticated by the Hearth session cookie (sign in with Slack); writes also need the `x-csrf-token` header (the `' + CSRF_COOKIE + '` cookie’s value, or `csrf_token` of `GET /users/show_as_json`). Errors are `{ error, fields? }`.',
    },
    servers: [{ url: info.serverUrl }],
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    security: [{ session: [] }],
    paths,
  });
}

/** `GET /api/openapi.json`: the document, for signed-in members (what exists is not told before sign-in). */
export function openApiRoutes(document: () => ReturnType<typeof openApiDocument>): Router {
  const r = router();
  r.get('/api/openapi.json', requireMember, (_req, res) => {
    res.json(document());
  });
  return r;
}
