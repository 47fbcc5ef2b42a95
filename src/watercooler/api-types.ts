// The JSON the Watercooler page reads (src/watercooler/API.md): zod schemas the routes register (src/http/api.ts)
// and the types inferred from them, shared by the server and web/ (type-only imports there).
import { z } from 'zod';
import { int } from '../http/fields.js';
import { programJson } from '../programs/api-types.js';

export const ADJUSTMENT_KINDS = ['skip', 'pin'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export const promptJson = z.object({
  id: int,
  text: z.string(),
  pack_id: int.nullable(),
  watercooler_id: int.nullable(),
  position: int,
  source_pack_id: int.nullable(),
  is_custom: z.boolean(),
});
export type PromptJson = z.infer<typeof promptJson>;

export const packJson = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  emoji: z.string(),
  is_library: z.boolean(),
  is_free: z.boolean(),
  /** Needs the Premium plan to use here. */
  locked: z.boolean(),
  subscribed: z.boolean(),
  can_edit: z.boolean(),
  num_prompts: int,
  prompts: z.array(promptJson).optional(),
});
export type PackJson = z.infer<typeof packJson>;

export const QUEUE_STATUSES = ['pinned', 'queued', 'sent', 'skipped'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const queueItemJson = z.object({
  id: int,
  text: z.string(),
  pack_id: int.nullable(),
  pack_name: z.string().nullable(),
  pack_emoji: z.string().nullable(),
  is_custom: z.boolean(),
  status: z.enum(QUEUE_STATUSES),
  /** 1-based place among the prompts still to post; null for sent and skipped ones. */
  position: int.nullable(),
  /** When it will be posted if nothing changes (the next few only). */
  next_at: z.string().nullable(),
});
export type QueueItemJson = z.infer<typeof queueItemJson>;

export const sentJson = z.object({
  id: int,
  prompt_id: int.nullable(),
  text: z.string(),
  slot_at: z.string(),
  queued_at: z.string().nullable(),
  source: z.enum(['schedule', 'send_now']),
  state: z.enum(['sending', 'sent', 'failed', 'skipped']),
  skip_reason: z.string().nullable(),
  permalink: z.string().nullable(),
  replies: int,
  reactions: int,
  participants: int,
});
export type SentJson = z.infer<typeof sentJson>;

export const watercoolerJson = z
  .object({
    id: int,
    program: programJson,
    is_active: z.boolean(),
    hideInactivePrompts: z.boolean(),
    schedule: z.object({ weekdays: z.array(int), hour: int, minute: int, tz: z.string(), description: z.string(), next_slots: z.array(z.string()) }),
    /** The watercooler's own prompts. */
    prompts: z.array(promptJson),
    /** The subscribed packs, with their prompts. */
    packs: z.array(packJson),
    ordered_unsent_prompt_ids: z.array(int),
    topicsQueue: z.object({ packs: z.array(packJson), prompts: z.array(queueItemJson), promptIds: z.array(int) }),
    adjustments: z.array(z.object({ prompt_id: int, kind: z.enum(ADJUSTMENT_KINDS) })),
    cycle: int,
    sent: z.array(sentJson),
    plan: z.object({ plan: z.enum(['free', 'premium']), paidFeatureAccess: z.boolean(), trialAllowed: z.boolean() }),
    can_customize: z.boolean(),
  })
  .meta({ id: 'Watercooler' });
export type WatercoolerJson = z.infer<typeof watercoolerJson>;

/** What every write under /watercooler/… and /watercooler_prompts/… answers: the whole page, to replace what it shows. */
export const watercoolerPage = z.object({ watercooler: watercoolerJson });

/** A library prompt suggested for a watercooler or a pack. */
export const suggestionJson = z.object({ text: z.string(), prompt_id: int, pack_id: int, pack_name: z.string() });
export type SuggestionJson = z.infer<typeof suggestionJson>;

/** POST /watercooler/{id}/preview_as_json and /watercooler/preview_as_json: a prompt as the post's builder makes it. */
export const promptPreviewJson = z.object({
  /** The queue's prompt shown; null when the queue is empty (then there is no message). */
  prompt_id: int.nullable(),
  text: z.string(),
  blocks: z.array(z.unknown()),
});
export type PromptPreviewJson = z.infer<typeof promptPreviewJson>;
