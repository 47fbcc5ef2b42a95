import { z } from 'zod';

export const idParams = z.object({ id: z.coerce.number().int().positive() });
export const controllerParams = z.object({ controller: z.enum(['coffee', 'watercooler', 'celebrations']), id: z.coerce.number().int().positive() });

export const templatesQuery = z.object({ hide_defaults: z.enum(['true', 'false', '1', '0', '']).optional().transform((v) => v === 'true' || v === '1') });

export const applyTemplateBody = z.object({
  template_id: z.string().min(1, 'choose a template'),
  channel_id: z.string().regex(/^[CG][A-Z0-9]+$/, 'choose a channel'),
});

export const sendNowBody = z.object({
  programs: z.array(z.object({ id: z.coerce.number().int().positive() })).min(1, 'choose a program').max(50),
});

export const ownershipBody = z.object({
  owner_id: z.coerce.number().int().positive(),
  editor_ids: z.array(z.coerce.number().int().positive()).max(100).default([]),
  permission_user_ids: z.array(z.coerce.number().int().positive()).max(500).default([]),
});
