/**
 * The HR system's port, modelled on Merge's unified HRIS API (docs.merge.dev): a link token opens the link
 * dialog, which hands back a public token; the server trades it for the linked account's token, with which it
 * reads the account's status, its sync status and its employees (with their employments, groups, manager,
 * work location and custom fields). src/integrations/merge.ts speaks Merge's HTTP API; its stand-in
 * (src/integrations/stand-ins/merge.ts) answers the same API offline.
 */

export interface LinkToken {
  linkToken: string;
  /** How the page opens the link dialog: Merge Link's script, or the sandbox stand-in's dialog. */
  link: { kind: 'merge'; scriptUrl: string } | { kind: 'sandbox' };
}

export interface LinkedAccount {
  accountToken: string;
  integrationName: string;
  integrationSlug: string;
}

/** Merge's linked-account status, reduced: COMPLETE, INCOMPLETE, RELINK_NEEDED; `gone` when the token is refused. */
export type AccountStatus = 'complete' | 'incomplete' | 'relink_needed' | 'gone';

export interface HrisEmployee {
  remoteId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** 'YYYY-MM-DD'. */
  dateOfBirth: string | null;
  startDate: string | null;
  /** ACTIVE, PENDING or INACTIVE. */
  employmentStatus: string | null;
  jobTitle: string | null;
  department: string | null;
  location: string | null;
  managerEmail: string | null;
  customFields: Record<string, string>;
}

/** A provider call that failed; `status` is the HTTP status when the provider answered. */
export class IntegrationProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'IntegrationProviderError';
  }
}

export interface HrisProvider {
  createLinkToken(input: { originId: string; organizationName: string; email: string }): Promise<LinkToken>;
  exchangePublicToken(publicToken: string): Promise<LinkedAccount>;
  accountStatus(accountToken: string): Promise<AccountStatus>;
  /** Whether the provider finished its first full sync of the account (every model DONE). */
  fullySynced(accountToken: string): Promise<boolean>;
  /** Every employee, page by page. */
  employees(accountToken: string): AsyncIterable<HrisEmployee>;
}
