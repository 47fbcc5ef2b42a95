/** The JSON the integrations routes answer and the pages read (shared by server and web). */
import { z } from 'zod';
import { HRIS_PROGRAM_TYPES } from './api-constants.js';
import { int } from '../http/fields.js';
export * from './api-constants.js';

export const HRIS_STATES = ['pending', 'active', 'relink_needed', 'deactivated'] as const;
export const CALENDAR_PROVIDERS = ['google', 'microsoft', 'zoom'] as const;
export type CalendarProviderJson = (typeof CALENDAR_PROVIDERS)[number];

export const personRefJson = z.object({ id: int, name: z.string() });

export const hrisSyncableJson = z.object({ program_type: z.enum(HRIS_PROGRAM_TYPES), program_id: int });

/** programs.md §3 "HRIS identity": id, state, creator, hris_sync_data flags per program; never the account token. */
export const hrisIdentityJson = z
  .object({
    id: int,
    state: z.enum(HRIS_STATES),
    integration_name: z.string(),
    creator: personRefJson.nullable(),
    owner: personRefJson.nullable(),
    hris_sync_data: z.record(z.enum(HRIS_PROGRAM_TYPES), z.boolean()),
    syncables: z.array(hrisSyncableJson),
    people_count: int,
    matched_count: int,
    last_synced_at: z.string().nullable(),
    last_error: z.string().nullable(),
    /** Fully synced: the page stops polling. */
    fully_synced: z.boolean(),
  })
  .meta({ id: 'HrisIdentity' });
export type HrisIdentityJson = z.infer<typeof hrisIdentityJson>;

export const linkTokenJson = z.object({
  link_token: z.string(),
  /** How to open the link dialog: Merge Link's script, or the sandbox stand-in's dialog. */
  link: z.discriminatedUnion('kind', [z.object({ kind: z.literal('merge'), script_url: z.string() }), z.object({ kind: z.literal('sandbox') })]),
});
export type LinkTokenJson = z.infer<typeof linkTokenJson>;

export const integratableProgramJson = z.object({ program_type: z.enum(HRIS_PROGRAM_TYPES), id: int, name: z.string() });
export type IntegratableProgramJson = z.infer<typeof integratableProgramJson>;

/** journeys.md §3 "Direct integration identity": the key is masked (its last four characters), never returned. */
export const directIdentityJson = z
  .object({
    id: int,
    integration_name: z.string(),
    api_key: z.object({ key: z.string() }),
    state: z.enum(['pending', 'validated', 'active', 'error']),
    errors: z.array(z.string()),
    people_count: int,
    last_synced_at: z.string().nullable(),
  })
  .meta({ id: 'DirectIntegrationIdentity' });
export type DirectIdentityJson = z.infer<typeof directIdentityJson>;

export const memberIdentityJson = z.object({
  provider: z.enum(CALENDAR_PROVIDERS),
  valid: z.boolean(),
  email: z.string().nullable(),
  /** Whether this deployment can link it (an OAuth app, or the sandbox stand-in). */
  available: z.boolean(),
});
export type MemberIdentityJson = z.infer<typeof memberIdentityJson>;

/** GET /integrations/overview_as_json: what the Integrations page shows. */
export const integrationsOverviewJson = z.object({
  hris: z.object({ available: z.boolean(), identity: hrisIdentityJson.nullable() }),
  ats: z.object({ identities: z.array(directIdentityJson), permission_groups: z.array(z.string()).readonly() }),
  identities: z.array(memberIdentityJson),
});
export type IntegrationsOverviewJson = z.infer<typeof integrationsOverviewJson>;

/** Someone starting soon as the HR system or applicant tracking reports them (src/platform/ports.ts PendingHire), with their member when in Slack. */
export const newHireJson = z.object({
  source: z.enum(['hris', 'ats']),
  name: z.string(),
  email: z.string().nullable(),
  /** 'YYYY-MM-DD'. */
  start_date: z.string(),
  department: z.string().nullable(),
  location: z.string().nullable(),
  job_title: z.string().nullable(),
  member_id: int.nullable(),
});
export type NewHireJson = z.infer<typeof newHireJson>;

