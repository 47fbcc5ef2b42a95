/** GET /users/show_as_json: the server's response type (src/users/api-types.ts), one source for both. */
export type { CurrentUser } from '../../../src/users/api-types';
export type { Permissions } from '../../../src/users/api-types';

/** The error body every failing call answers with. */
export interface ApiErrorBody {
  error?: string;
  fields?: Record<string, string | string[]>;
  /** 402 only: which upgrade modal to open, and whether a free trial is on offer. */
  feature?: string;
  trial_available?: boolean;
  /** 424 only: the Slack permission (scope) Hearth lacks, which opens the permissions modal. */
  missing_scope?: string | null;
  [key: string]: unknown;
}
