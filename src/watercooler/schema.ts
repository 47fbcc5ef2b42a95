import { z } from 'zod';
import { isValidTimeZone } from '../time/zoned.js';
import { id } from '../http/ids.js';

export const packPromptParams = z.object({ id: id, promptId: id });

export const PROMPT_MAX = 300;
const promptText = z
  .string()
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, 'write a prompt').max(PROMPT_MAX, `keep it under ${PROMPT_MAX} characters`));

/** Rails-style bodies nest under a key (`{ watercooler: {...} }`); flat bodies are accepted too. */
const nested = <S extends z.ZodType>(key: string, schema: S) =>
  z.preprocess((v) => (v && typeof v === 'object' && key in v && typeof (v as Record<string, unknown>)[key] === 'object' ? { ...(v as object), ...((v as Record<string, object>)[key]) } : v), schema);

export const updateBody = nested(
  'watercooler',
  z
    .object({
      weekdays: z.array(z.coerce.number().int().min(1, 'days are 1 (Monday) to 7 (Sunday)').max(7, 'days are 1 (Monday) to 7 (Sunday)')).min(1, 'choose at least one day').max(7).optional(),
      hour: z.coerce.number().int().min(0, 'an hour from 0 to 23').max(23, 'an hour from 0 to 23').optional(),
      minute: z.coerce.number().int().min(0).max(59).optional(),
      tz: z.string().refine(isValidTimeZone, 'choose a time zone such as America/New_York').optional(),
      is_active: z.boolean().optional(),
      hideInactivePrompts: z.boolean().optional(),
      hide_inactive_prompts: z.boolean().optional(),
      ordered_unsent_prompt_ids: z.array(id).max(5000).optional(),
    })
    .transform(({ hide_inactive_prompts, hideInactivePrompts, ...rest }) => ({ ...rest, hideInactivePrompts: hideInactivePrompts ?? hide_inactive_prompts })),
);

export const packIdBody = nested('watercooler_packs_watercooler', z.object({ pack_id: id }));

export const adjustmentBody = nested('prompt_adjustment', z.object({ prompt_id: id, kind: z.enum(['skip', 'pin'], 'skip or pin') }));
export const adjustmentDestroyBody = nested('prompt_adjustment', z.object({ prompt_id: id, kind: z.enum(['skip', 'pin']).optional() }));

const promptObject = z.union([promptText, z.object({ text: promptText })]).transform((p) => (typeof p === 'string' ? p : p.text));

/** The watercooler a body is about (`watercooler_id`): read, and checked, before the rest of the body. */
export const watercoolerRef = z.object({ watercooler_id: id });
/** A new pack's watercooler, when it names one: checked before the rest of the body is read. */
export const packWatercoolerRef = z.object({ watercooler_id: id.optional() });

export const createPromptBody = z.object({ watercooler_id: id, watercooler_prompt: promptObject });
export const bulkCreatePromptsBody = z.object({
  watercooler_id: id,
  pack_id: id.nullish(),
  watercooler_prompts: z.array(promptObject).min(1, 'choose at least one prompt').max(50, 'up to 50 at a time'),
});
export const updatePromptBody = z.object({ watercooler_id: id.optional(), watercooler_prompt: promptObject });
export const destroyPromptBody = z.object({ watercooler_id: id.optional() });

const packFields = {
  name: z.string().trim().min(1, 'name the pack').max(80, 'keep the name under 80 characters'),
  description: z.string().trim().max(300, 'keep the description under 300 characters'),
  emoji: z.string().trim().max(16, 'one emoji'),
};
export const createPackBody = z.object({
  watercooler_id: id.optional(),
  watercooler_pack: z.object({ name: packFields.name, description: packFields.description.default(''), emoji: packFields.emoji.default('💬'), prompts: z.array(promptText).max(100).default([]) }),
});
export const updatePackBody = z.object({
  watercooler_pack: z
    .object({ name: packFields.name.optional(), description: packFields.description.optional(), emoji: packFields.emoji.optional() })
    .refine((v) => v.name !== undefined || v.description !== undefined || v.emoji !== undefined, 'change the name, description or emoji'),
});
export const packPromptBody = z.preprocess(
  (v) => (v && typeof v === 'object' && 'prompt' in v ? { text: (v as { prompt: unknown }).prompt } : v),
  z.object({ text: promptObject }),
);
export const reorderBody = z.object({ direction: z.enum(['up', 'down'], 'up or down') });
/** POST /watercooler/{id}/preview_as_json: one prompt of the queue, or the next one. */
export const previewBody = z.object({ prompt_id: id.optional() });
/** POST /watercooler/preview_as_json: a new program's first prompt, from a template. */
export const newProgramPreviewBody = z.object({ template_id: z.string().min(1, 'choose a template') });
export const suggestQuery = z.object({ limit: z.coerce.number().int().min(1).max(30).default(10) });
