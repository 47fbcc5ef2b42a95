// The JSON the pages read, shared by the server and web/.
import { z } from 'zod';
import { personRef as person } from '../http/fields.js';

export const PROGRAM_TYPES = ['CoffeeConfiguration', 'Watercooler', 'CelebrationProgram'] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];

/** A channel program as the pages read it (programs.md §3 "Channel program"). */
export const programJson = z
  .object({
    id: z.number().int(),
    type: z.enum(PROGRAM_TYPES),
    is_active: z.boolean(),
    channel: z.string(),
    channel_uid: z.string(),
    creator: person.nullable(),
    owner: person.nullable(),
    permission_users: z.array(person.extend({ role: z.enum(['editor', 'permission_user']) })),
    num_participants: z.number().int(),
    next_occurrence_on: z.string().nullable(),
    next_occurrence_on_days_from_now: z.number().int().nullable(),
    controller_path: z.string(),
    page_path: z.string(),
    send_now_data: z.object({ allow_send_now: z.boolean(), slack_url: z.string(), isLoading: z.boolean() }),
    service_account: z.object({ paidFeatureAccess: z.boolean(), paidCoffeeTrialAllowed: z.boolean() }),
  })
  .meta({ id: 'Program' });
export type ProgramJson = z.infer<typeof programJson>;

/** A template a program is created from (GET /templates), without the settings it applies. */
export const templateJson = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(PROGRAM_TYPES),
  /** Shipped with Hearth (hidden by hide_defaults=true). */
  is_default: z.boolean(),
});
