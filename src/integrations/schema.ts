import { z } from 'zod';
import { id } from '../http/ids.js';
import { CALENDAR_PROVIDERS, HRIS_PROGRAM_TYPES } from './api-types.js';

const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const provider = z.enum(CALENDAR_PROVIDERS, { error: `must be one of ${CALENDAR_PROVIDERS.join(', ')}` });

export const createIntegrationBody = z.object({ public_token: text(500) });

export const updateHrisBody = z.object({ hris_identity: z.object({ user_id: id }, { error: 'is required' }) });

export const syncablesBody = z.object({
  hris_syncables: z
    .array(z.object({ program_type: z.enum(HRIS_PROGRAM_TYPES, { error: `must be one of ${HRIS_PROGRAM_TYPES.join(', ')}` }), program_id: id }), { error: 'must be a list' })
    .max(200, 'at most 200 programs'),
});

export const directIdentityBody = z.object({ integration_name: text(40), api_key: text(500) });

export const providerBody = z.object({ provider });
export const completeBody = z.object({ provider, code: text(4000), state: text(1000) });

export const variantBody = z.object({
  experiment: z.string({ error: 'is required' }).regex(/^[a-z0-9_.-]{1,80}$/, 'must be 1 to 80 lower-case letters, digits, _ . or -'),
  variants: z.array(text(40)).min(2, 'must name at least two variants').max(10, 'at most 10 variants').optional(),
});
export type VariantBody = z.infer<typeof variantBody>;

export const newHiresQuery = z.object({ days: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 to 366').max(366, 'must be 1 to 366').default(90) });

