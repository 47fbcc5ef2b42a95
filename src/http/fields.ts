import { z } from 'zod';

// The field primitives every route group's schema.ts shares: one rule each (ids are in ./ids.ts).

/** A local date, 'YYYY-MM-DD', that exists on the calendar (2026-02-30 is refused). */
export const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'is not a real date');

/** Slack's channel ids: public (C…) and private (G…) channels, where programs, shoutouts and journeys post. */
const CHANNEL_ID = /^[CG][A-Z0-9]{2,}$/;

/** A Slack channel id; `message` is what the field says when it is not one. */
export const channelId = (message = 'is not a Slack channel id') => z.string().regex(CHANNEL_ID, message);

/** A whole number in a JSON answer (the response schemas of every area's api-types.ts). */
export const int = z.number().int();

/** A member as answers name them: their id and their name. */
export const personRef = z.object({ id: int, name: z.string() });

/** A member as the pages show them: with their Slack id (for a link) and avatar; the name is `personName`'s. */
export const personJson = personRef.extend({ slack_user_id: z.string(), avatar_url: z.string().nullable() });
