import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';

const id = z.number().int().positive();

/** An HR system was linked (its account token is kept sealed). */
export const hrisLinked = defineEvent('integrations.hris_linked', z.object({ identityId: id, integration: z.string(), byMemberId: id }));
/** The HR system's state changed: pending → active once fully synced, or relink_needed, or deactivated. */
export const hrisStateChanged = defineEvent('integrations.hris_state_changed', z.object({ identityId: id, from: z.string(), to: z.string() }));
/** The HR system's ownership moved to another member. */
export const hrisOwnerChanged = defineEvent('integrations.hris_owner_changed', z.object({ identityId: id, fromMemberId: id.nullable(), toMemberId: id, byMemberId: id }));
/** Which programs the HR system feeds. */
export const hrisSyncablesChanged = defineEvent(
  'integrations.hris_syncables_changed',
  z.object({ identityId: id, syncables: z.array(z.object({ program_type: z.enum(['celebrations', 'onboarding', 'intros']), program_id: id })), byMemberId: id }),
);
/** A sync read the people of an HR system or applicant tracking system. */
export const integrationSynced = defineEvent('integrations.synced', z.object({ source: z.enum(['hris', 'ats']), identityId: id, people: z.number().int(), matched: z.number().int(), newHires: z.number().int() }));
/** An applicant-tracking identity was added (its API key is kept sealed) or its key checked. */
export const atsConnected = defineEvent('integrations.ats_connected', z.object({ identityId: id, integration: z.string(), byMemberId: id }));
export const atsValidated = defineEvent('integrations.ats_validated', z.object({ identityId: id, state: z.enum(['validated', 'error']), errors: z.array(z.string()) }));
/** A member linked or unlinked a calendar or video account. */
export const memberIdentityChanged = defineEvent('integrations.member_identity_changed', z.object({ memberId: id, provider: z.enum(['google', 'microsoft', 'zoom']), linked: z.boolean() }));
