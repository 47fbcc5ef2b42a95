import { z } from 'zod';
import { id } from '../http/ids.js';
import { MAX_PROFILE_TEXT } from './profile-fields.js';

export const memberPathParams = z.object({ id });

export const profileEntriesBody = z.object({
  user_profile_entries: z
    .array(
      z.object({
        field: id,
        text: z.string().trim().max(MAX_PROFILE_TEXT, `must be at most ${MAX_PROFILE_TEXT} characters`),
        category: z.string().min(1, 'is required').max(50),
      }),
    )
    .min(1, 'give at least one entry')
    .max(50),
});

/** journeys.md §5: "Profile manager update sends an empty related id if none is chosen." */
export const managerBody = z.object({
  user_relationship: z.object({ related_user_id: z.union([z.literal(''), z.null(), id]) }),
});

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)');
export const workHoursBody = z.object({ work_hours: z.object({ beginning_time: time, end_time: time }) });

export const assetParams = z.object({ id });
