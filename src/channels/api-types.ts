import { z } from 'zod';
import { PROGRAM_TYPES } from '../programs/api-types.js';

/** The JSON the channel calls answer (the channel picker, the member's program channels, the admins' channel tools). */

/** GET /channels/search: the channel picker's remote search. */
export const channelOptionsJson = z.array(z.object({ uid: z.string(), name: z.string() }));

/** GET /users/channels.json: the member's channels with a Hearth program, a page at a time. */
export const memberChannelsPage = z.object({
  channels: z.array(z.object({ program_id: z.number().int(), type: z.enum(PROGRAM_TYPES), uid: z.string(), name: z.string(), is_active: z.boolean() })),
  page: z.number().int(),
  per: z.number().int(),
  next_page: z.number().int().nullable(),
});

/** POST /channels/invite_users_as_json */
export const invitedJson = z.object({ num_invited: z.number().int(), num_added: z.number().int() });

/** POST /channels/{id}/post_in_slack: the message is in the outbox. */
export const postedJson = z.object({ ok: z.literal(true), outbox_id: z.number().int() });
