/**
 * The applicant-tracking port, modelled on Greenhouse Harvest (developers.greenhouse.io/harvest.html): an
 * API key (HTTP Basic, the key as the user name) that must hold the get and list permissions of every group
 * Hearth reads, and the hired candidates with their accepted offers' start dates.
 */

/** journeys.md §9: the key's permission groups, each with get and list. */
export const ATS_PERMISSION_GROUPS = ['Applications', 'Candidates', 'Custom Fields', 'Departments', 'Jobs', 'Offers', 'Offices', 'Sources', 'Users'] as const;
export type AtsPermissionGroup = (typeof ATS_PERMISSION_GROUPS)[number];

export interface HiredCandidate {
  remoteId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** The accepted offer's start date, 'YYYY-MM-DD'. */
  startDate: string | null;
  jobTitle: string | null;
  department: string | null;
  office: string | null;
  customFields: Record<string, string>;
}

/** What validating a key found: nothing wrong, or the messages to show. */
export type KeyCheck = { ok: true } | { ok: false; errors: string[] };

export interface AtsProvider {
  readonly integrationName: string;
  validateKey(apiKey: string): Promise<KeyCheck>;
  hiredCandidates(apiKey: string): Promise<HiredCandidate[]>;
}
