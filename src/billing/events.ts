import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';

const id = z.number().int().positive();

/** A member was made an admin of the Hearth account, or stopped being one. */
export const accountAdminChanged = defineEvent('account.admin_changed', z.object({ memberId: id, action: z.enum(['add', 'remove']), byMemberId: id }));
/** The Hearth account has a new owner (the previous one stays on as an admin). */
export const accountOwnerChanged = defineEvent('account.owner_changed', z.object({ fromMemberId: id.nullable(), toMemberId: id, byMemberId: id }));
/** Whether the account covers newly created channel programs. */
export const accountOwnNewConfigsChanged = defineEvent('account.own_new_configs_changed', z.object({ ownNewConfigs: z.boolean(), byMemberId: id }));
