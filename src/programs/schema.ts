import { z } from 'zod';
import { channelId } from '../http/fields.js';
import { id } from '../http/ids.js';

export const controllerParams = z.object({ controller: z.enum(['coffee', 'watercooler', 'celebrations']), id: id });

export const templatesQuery = z.object({ hide_defaults: z.enum(['true', 'false', '1', '0', '']).optional().transform((v) => v === 'true' || v === '1') });

export const applyTemplateBody = z.object({
  template_id: z.string().min(1, 'choose a template'),
  channel_id: channelId('choose a channel'),
});

export const sendNowBody = z.object({
  programs: z.array(z.object({ id: id })).min(1, 'choose a program').max(50),
});
export type SendNowBody = z.infer<typeof sendNowBody>;

export const ownershipBody = z.object({
  owner_id: id,
  editor_ids: z.array(id).max(100).default([]),
  permission_user_ids: z.array(id).max(500).default([]),
});
