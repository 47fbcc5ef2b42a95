import { z } from 'zod';

/** Request bodies and queries of the sandbox controls (README: "The sandbox"). */

const id = z.string().trim().min(1).max(64);
const ts = z.string().regex(/^\d+\.\d+$/, 'must be a Slack timestamp like 1700000000.000100');

export const signInBody = z.object({ team_id: id, user_id: id });

export const advanceBody = z
  .object({ to: z.iso.datetime({ offset: true }).optional(), minutes: z.number().int().positive().max(60 * 24 * 400).optional() })
  .refine((b) => (b.to === undefined) !== (b.minutes === undefined), 'give either to or minutes');

export const teamParams = z.object({ team: id });
export const asQuery = z.object({ as: id });
export const conversationParams = z.object({ channel: id });
export const conversationQuery = z.object({ team: id, as: id });
/** A person in a sandbox team: whose Home tab, whose open modals. */
export const personQuery = z.object({ team: id, user: id });

export const openConversationBody = z.object({
  team_id: id,
  user_id: id,
  /** The other people (or the app's bot user): one for a DM, up to seven for a group DM. */
  users: z.array(id).min(1).max(7),
});

export const commandBody = z.object({
  team_id: id,
  user_id: id,
  channel_id: id,
  /** Defaults to /hearth; "/hearth help" in text works too. */
  command: z.string().regex(/^\/[\w-]+$/, 'must look like /hearth').optional(),
  text: z.string().max(4000),
});

/** A message shortcut (the "⋯ More actions" menu on a message): Slack's message_action payload. */
export const shortcutBody = z.object({
  team_id: id,
  user_id: id,
  channel_id: id,
  message_ts: ts,
  callback_id: z.string().min(1).max(255),
});

export const messageBody = z.object({
  team_id: id,
  user_id: id,
  channel_id: id,
  text: z.string().trim().min(1, 'say something').max(40_000),
  thread_ts: ts.optional(),
});

const raw = z.union([z.string(), z.array(z.string()), z.null()]);
const optionRef = z.union([z.string(), z.object({ value: z.string() }).transform((o) => o.value)]);

export const actionBody = z
  .object({
    team_id: id,
    user_id: id,
    action_id: z.string().min(1).max(255),
    block_id: z.string().min(1).max(255).optional(),
    channel_id: id.optional(),
    message_ts: ts.optional(),
    view_id: id.optional(),
    /** A text value, an option value, a user id, a date … whatever the element holds. */
    value: raw.optional(),
    selected_option: optionRef.optional(),
    selected_options: z.array(optionRef).optional(),
    selected_user: z.string().optional(),
    selected_users: z.array(z.string()).optional(),
    selected_conversation: z.string().optional(),
    selected_channel: z.string().optional(),
    selected_date: z.string().optional(),
    selected_time: z.string().optional(),
  })
  .refine((b) => (b.view_id !== undefined) !== (b.channel_id !== undefined && b.message_ts !== undefined), {
    message: 'give channel_id and message_ts for a message, or view_id for a view',
    path: ['view_id'],
  });
export type ActionInput = z.infer<typeof actionBody>;

export const submitBody = z.object({
  team_id: id,
  user_id: id,
  /** The top modal when left out. */
  view_id: id.optional(),
  /** block_id → action_id → value (text, option value(s), user id, YYYY-MM-DD …); missing inputs keep what they hold. */
  values: z.record(z.string(), z.record(z.string(), raw)).default({}),
});

export const closeBody = z.object({ team_id: id, user_id: id, all: z.boolean().optional() });

export const homeOpenBody = z.object({ team_id: id, user_id: id });

export const inviteHearthBody = z.object({ team_id: id, channel_id: id, user_id: id });

export const eventBody = z.object({
  team_id: id,
  event: z.looseObject({ type: z.string().min(1) }),
});

export const rateLimitsBody = z.object({
  enabled: z.boolean(),
  /** Per-method overrides, e.g. { "chat.postMessage": { "limit": 1, "window_ms": 1000, "per_channel": true } }. */
  limits: z.record(z.string(), z.object({ limit: z.number().int().positive(), window_ms: z.number().int().positive(), per_channel: z.boolean().optional() })).optional(),
  /** Forget calls counted so far. */
  reset: z.boolean().optional(),
});

const faultMatch = { method: z.string().min(1), team_id: id.optional(), channel: id.optional() };
export const faultBody = z.object({
  fault: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('timeout'), ...faultMatch }),
    z.object({ kind: z.literal('drop_after_store'), ...faultMatch }),
    z.object({ kind: z.literal('http_500'), ...faultMatch }),
    z.object({ kind: z.literal('delay'), ms: z.number().int().min(0).max(60_000), ...faultMatch }),
    z.object({ kind: z.literal('error'), error: z.string().min(1), ...faultMatch }),
    z.object({ kind: z.literal('ratelimited'), retry_after: z.number().int().min(1).max(3600).optional(), ...faultMatch }),
    z.object({ kind: z.literal('rate_limited'), ...faultMatch }),
  ]),
});

export type FaultInput = z.infer<typeof faultBody>['fault'];

/** Slack down for this many minutes of the sandbox clock (advance the clock to live through it). */
export const outageBody = z.object({
  minutes: z.number().int().positive().max(60 * 24 * 2),
  team_id: id.optional(),
  answer: z.enum(['service_unavailable', 'http_503']).default('service_unavailable'),
});

export const callsQuery = z.object({ method: z.string().optional(), team: z.string().optional(), since: z.coerce.number().int().min(0).optional() });
