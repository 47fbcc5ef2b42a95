import type { z } from 'zod';
import type { Member } from '../db/types.js';
import type { personJson as personJsonSchema } from '../http/fields.js';

/** A member's name as Hearth shows it everywhere: their full name in Slack, else their display name, else their handle. */
export const personName = (m: Pick<Member, 'real_name' | 'display_name' | 'name'>): string => m.real_name || m.display_name || m.name;

/** A member as every answer shows them (http/fields' `personJson`): id, Slack id, `personName` and avatar. */
export const personJson = (m: Pick<Member, 'id' | 'slack_user_id' | 'real_name' | 'display_name' | 'name' | 'avatar_url'>): z.infer<typeof personJsonSchema> => ({
  id: m.id,
  slack_user_id: m.slack_user_id,
  name: personName(m),
  avatar_url: m.avatar_url,
});
