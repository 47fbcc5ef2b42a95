import { z } from 'zod';
import { id } from '../http/ids.js';

const flag = z.string().min(1).max(100).regex(/^[a-z0-9_]+$/, 'must be lower_snake_case');

export const showQuery = z.object({
  include_cal_identities: z.enum(['true', 'false', '1', '0']).optional(),
  include_zoom_identity: z.enum(['true', 'false', '1', '0']).optional(),
});

export const memberParams = z.object({ id: id });

export const updateNotificationsBody = z.object({
  append_keys: z.array(flag).max(100).default([]),
  delete_keys: z.array(flag).max(100).default([]),
});

export const recordProgressBody = z.object({
  user_detail: z.object({ flag: z.enum(['has_used_pairing_announcement']) }),
});
