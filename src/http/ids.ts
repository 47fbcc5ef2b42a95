import { z } from 'zod';

/** Postgres `integer`: ids beyond it are never stored, so they are refused as input rather than sent to SQL. */
export const MAX_ID = 2_147_483_647;

/** The one id schema every route uses, in paths, queries and bodies: a positive whole number in range. */
export const id = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be a positive id').max(MAX_ID, 'is not a known id');

/** `/:id` paths. */
export const idParams = z.object({ id });
