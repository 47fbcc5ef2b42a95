import { z } from 'zod';
import { defineEvent } from './define.js';

/**
 * A member's time zone changed (their Slack profile, by `user_change` or a directory sync). A platform event, so the
 * directory that learns of it and the capabilities that time things in members' zones (Journeys re-times what is
 * pending) import neither each other.
 */
export const memberZoneChanged = defineEvent(
  'people.zone_changed',
  z.object({
    memberId: z.number().int().positive(),
    /** The zone before (null: none known). */
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
);
