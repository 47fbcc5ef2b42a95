import type { Member } from '../db/types.js';

/** A member's name as Hearth shows it everywhere: their full name in Slack, else their display name, else their handle. */
export const personName = (m: Pick<Member, 'real_name' | 'display_name' | 'name'>): string => m.real_name || m.display_name || m.name;
