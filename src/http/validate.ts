import type { Request } from 'express';
import type { z } from 'zod';
import { badRequest, fieldsOf } from './errors.js';

/**
 * Parses a request part with a route group's zod schema; a bad value is a 400 naming each failing field,
 * never a 500 and never a partial write (validation happens before any service call).
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldsOf(result.error);
    const first = Object.entries(fields)[0]!;
    throw badRequest(first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`, fields);
  }
  return result.data;
}

export const body = <S extends z.ZodType>(req: Request, schema: S) => parse(schema, req.body);
export const query = <S extends z.ZodType>(req: Request, schema: S) => parse(schema, req.query);
export const params = <S extends z.ZodType>(req: Request, schema: S) => parse(schema, req.params);
