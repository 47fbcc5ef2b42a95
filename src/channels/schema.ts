import { z } from 'zod';
import { channelId } from '../http/fields.js';

const flag = z.enum(['0', '1', 'true', 'false']).optional().transform((v) => v === '1' || v === 'true');

export const searchQuery = z.object({
  query: z.string().max(80).default(''),
  include_shared: flag,
  include_org_shared: flag,
  include_private: flag,
});

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per: z.coerce.number().int().min(1).max(50).default(10),
});

export const inviteUsersBody = z.object({
  channel_id: channelId('must be a Slack channel id'),
  user_ids: z.array(z.string().regex(/^[UW][A-Z0-9]+$/, 'must be Slack user ids')).min(1, 'choose at least one person').max(1000),
});

export const channelParams = z.object({ id: channelId('must be a Slack channel id') });
export const postInSlackBody = z.object({ text: z.string().trim().min(1, "can't be blank").max(3000, 'must be at most 3000 characters') });
