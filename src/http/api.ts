import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { HttpError, fieldsOf } from './errors.js';
import { parse } from './validate.js';

/** A write that answers nothing more. */
export const okJson = z.object({ ok: z.literal(true) });

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One JSON call as registered: what validates it and what the OpenAPI document says of it. */
export interface ApiOperation {
  method: Method;
  /** Express's path, `/watercooler/:id`. */
  path: string;
  /** The capability or area it belongs to (the document's tag). */
  tag: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A query and a body the service parses itself, after its access check (see `OperationSpec.serviceBody`). */
  serviceQuery?: z.ZodType;
  serviceBody?: z.ZodType;
  /** The success response's JSON body. */
  response: z.ZodType;
  /** The success status: 200, or 201 when the call makes something. */
  status?: 201;
}

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

export interface OperationSpec<P extends Schema, Q extends Schema, B extends Schema, R extends z.ZodType> {
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The body's schema when the service parses it after its access check (so a member without access hears 403,
   * not 400 about a field): documented like `body`, not parsed by the router; the handler passes `req.body` on.
   */
  serviceBody?: z.ZodType;
  /** The same for a query the service parses (the handler passes `req.query` on). */
  serviceQuery?: z.ZodType;
  response: R;
  /** 201 when the call makes something (the document says so too); 200 otherwise. */
  status?: 201;
}

/** What a handler receives: the parsed request parts, and the request itself (its auth, files, headers). */
export interface ApiInput<P extends Schema, Q extends Schema, B extends Schema> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  req: Request;
  res: Response;
}

const OPERATIONS = Symbol('hearth.api-operations');
type WithOperations = Router & { [OPERATIONS]?: ApiOperation[] };

/** The operations registered on a router (the OpenAPI document is made from them). */
export function operationsOf(router: Router): ApiOperation[] {
  return (router as WithOperations)[OPERATIONS] ?? [];
}

/** The response schema the response of this request is checked against (see `checkResponses`). */
const RESPONSE = Symbol('hearth.response-schema');
type WithResponse = Response & { [RESPONSE]?: { operation: ApiOperation } };

/**
 * Registers a router's JSON calls, each with its request schemas (params, query, body) and its response schema,
 * once: the router validates with them (a bad value is a 400 naming the field), the handler gets the parsed
 * values and returns the response body, and the OpenAPI document is generated from the same schemas.
 *
 * ```ts
 * const api = jsonApi(router, 'Watercooler');
 * api.get('/watercooler/:id', { summary: 'A watercooler', params: idParams, response: watercoolerPage }, async ({ params, req }) => …);
 * ```
 */
export function jsonApi(router: Router, tag: string) {
  const registered = ((router as WithOperations)[OPERATIONS] ??= []);
  const add =
    (method: Method) =>
    <P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined, R extends z.ZodType = z.ZodType>(
      path: string,
      spec: OperationSpec<P, Q, B, R>,
      handler: (input: ApiInput<P, Q, B>) => Promise<z.input<R>> | z.input<R>,
      ...before: RequestHandler[]
    ): void => {
      const operation: ApiOperation = { method, path, tag, ...spec };
      registered.push(operation);
      router[method](path, ...before, async (req: Request, res: Response) => {
        const input = {
          params: (spec.params ? parse(spec.params, req.params) : undefined) as Parsed<P>,
          query: (spec.query ? parse(spec.query, req.query) : undefined) as Parsed<Q>,
          body: (spec.body ? parse(spec.body, req.body) : undefined) as Parsed<B>,
          req,
          res,
        };
        const result = await handler(input);
        (res as WithResponse)[RESPONSE] = { operation };
        if (spec.status) res.status(spec.status);
        res.json(result);
      });
    };
  return { get: add('get'), post: add('post'), put: add('put'), patch: add('patch'), delete: add('delete') };
}

/**
 * The keys a response sends that its schema does not declare: zod's parse drops an object's unknown keys, so they
 * are what the sent value has and the parsed value lacks (dotted paths, as `fieldsOf` names a failing field).
 */
export function undeclared(sent: unknown, parsed: unknown, path = ''): Record<string, string> {
  if (Array.isArray(sent) && Array.isArray(parsed)) return Object.assign({}, ...sent.map((v, i) => undeclared(v, parsed[i], `${path}${i}.`)));
  if (!isObject(sent) || !isObject(parsed)) return {};
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(sent)) {
    if (!(key in parsed)) found[`${path}${key}`] = 'sent but not in the schema';
    else Object.assign(found, undeclared(value, parsed[key], `${path}${key}.`));
  }
  return found;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The test suites' check: every JSON response of a registered call must match its declared schema — no field missing
 * or of another type, and none the schema does not declare — so a response that drifts from its documentation
 * fails the test that made it (a 500 naming the call and the fields).
 */
export function checkResponses(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const declared = (res as WithResponse)[RESPONSE];
      if (!declared || res.statusCode >= 300) return json(body);
      const { operation } = declared;
      const sent: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
      const result = operation.response.safeParse(sent);
      const fields = result.success ? undeclared(sent, result.data) : fieldsOf(result.error);
      if (Object.keys(fields).length === 0) return json(body);
      throw new HttpError(500, `${operation.method.toUpperCase()} ${operation.path}: the response does not match its schema (${Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('; ')})`, fields);
    };
    next();
  };
}
