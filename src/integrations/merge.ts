import type { AccountStatus, HrisEmployee, HrisProvider, LinkedAccount, LinkToken } from './hris-provider.js';
import { IntegrationProviderError } from './hris-provider.js';
import { callJson, type FetchLike } from './http.js';

export interface MergeOptions {
  apiKey: string;
  /** https://api.merge.dev/api (or the EU/APAC region, or the sandbox stand-in). */
  baseUrl: string;
  /** How the page opens Merge Link; the sandbox stand-in has a dialog of its own. */
  link: LinkToken['link'];
  fetch?: FetchLike;
}

/** Merge's documented shapes, as far as Hearth reads them. */
interface MergePage<T> {
  next: string | null;
  previous?: string | null;
  results: T[];
}
interface MergeGroup {
  name?: string | null;
  type?: string | null;
}
interface MergeEmployee {
  id: string;
  remote_id?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  preferred_name?: string | null;
  work_email?: string | null;
  personal_email?: string | null;
  date_of_birth?: string | null;
  start_date?: string | null;
  hire_date?: string | null;
  employment_status?: string | null;
  employments?: Array<{ job_title?: string | null } | string> | null;
  groups?: Array<MergeGroup | string> | null;
  work_location?: { name?: string | null; city?: string | null } | string | null;
  manager?: { work_email?: string | null } | string | null;
  custom_fields?: Record<string, unknown> | null;
}

/** The page size Hearth asks for (Merge allows up to 100). */
export const MERGE_PAGE_SIZE = 100;
export const MERGE_EMPLOYEE_EXPAND = 'employments,groups,manager,work_location';

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : null);
const obj = <T extends object>(v: T | string | null | undefined): T | null => (v && typeof v === 'object' ? v : null);

/** One Merge employee (expanded) as Hearth keeps it. */
export function employeeFromMerge(e: MergeEmployee): HrisEmployee {
  const groups = (e.groups ?? []).map((g) => obj(g)).filter((g): g is MergeGroup => g !== null);
  const location = obj(e.work_location);
  const employment = (e.employments ?? []).map((x) => obj(x)).find((x) => x?.job_title);
  const customFields: Record<string, string> = {};
  for (const [k, v] of Object.entries(e.custom_fields ?? {})) if (v !== null && v !== undefined && typeof v !== 'object') customFields[k] = String(v);
  return {
    remoteId: e.remote_id ?? e.id,
    firstName: e.preferred_name || e.first_name || '',
    lastName: e.last_name ?? '',
    email: (e.work_email || e.personal_email || null)?.toLowerCase() ?? null,
    dateOfBirth: day(e.date_of_birth),
    startDate: day(e.start_date ?? e.hire_date),
    employmentStatus: e.employment_status ?? null,
    jobTitle: employment?.job_title ?? null,
    department: groups.find((g) => g.type === 'DEPARTMENT')?.name ?? null,
    location: location?.name || location?.city || null,
    managerEmail: obj(e.manager)?.work_email?.toLowerCase() ?? null,
    customFields,
  };
}

/**
 * Merge's unified HRIS API over HTTP: `Authorization: Bearer <API key>` on every call, `X-Account-Token` on
 * a linked account's, and cursor pagination (`next`).
 */
export class MergeHrisProvider implements HrisProvider {
  constructor(private readonly opts: MergeOptions) {}

  private call<T>(path: string, init: { method?: string; accountToken?: string; body?: unknown } = {}): Promise<T> {
    return callJson<T>(this.opts.fetch ?? fetch, 'The HR system', `${this.opts.baseUrl.replace(/\/$/, '')}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${this.opts.apiKey}`,
        ...(init.accountToken ? { 'x-account-token': init.accountToken } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  private async *pages<T>(path: string, accountToken: string): AsyncIterable<T> {
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const page: MergePage<T> = await this.call<MergePage<T>>(`${path}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`, { accountToken });
      yield* page.results;
      cursor = page.next;
    } while (cursor);
  }

  async createLinkToken(input: { originId: string; organizationName: string; email: string }): Promise<LinkToken> {
    const answer = await this.call<{ link_token?: string }>('/integrations/create-link-token', {
      method: 'POST',
      body: { end_user_origin_id: input.originId, end_user_organization_name: input.organizationName, end_user_email_address: input.email, categories: ['hris'] },
    });
    if (!answer?.link_token) throw new IntegrationProviderError('The HR system answered without a link token');
    return { linkToken: answer.link_token, link: this.opts.link };
  }

  async exchangePublicToken(publicToken: string): Promise<LinkedAccount> {
    const answer = await this.call<{ account_token?: string; integration?: { name?: string; slug?: string } }>(`/integrations/account-token/${encodeURIComponent(publicToken)}`);
    if (!answer?.account_token) throw new IntegrationProviderError('The HR system answered without an account token');
    return { accountToken: answer.account_token, integrationName: answer.integration?.name ?? 'HR system', integrationSlug: answer.integration?.slug ?? 'hris' };
  }

  async accountStatus(accountToken: string): Promise<AccountStatus> {
    try {
      const details = await this.call<{ status?: string }>('/hris/v1/account-details', { accountToken });
      if (details?.status === 'RELINK_NEEDED') return 'relink_needed';
      return details?.status === 'COMPLETE' ? 'complete' : 'incomplete';
    } catch (err) {
      if (err instanceof IntegrationProviderError && (err.status === 401 || err.status === 403 || err.status === 404)) return 'gone';
      throw err;
    }
  }

  async fullySynced(accountToken: string): Promise<boolean> {
    for await (const s of this.pages<{ status?: string }>('/hris/v1/sync-status', accountToken))
      if (s.status !== 'DONE' && s.status !== 'DISABLED') return false;
    return true;
  }

  async *employees(accountToken: string): AsyncIterable<HrisEmployee> {
    for await (const e of this.pages<MergeEmployee>(`/hris/v1/employees?expand=${MERGE_EMPLOYEE_EXPAND}&page_size=${MERGE_PAGE_SIZE}`, accountToken)) yield employeeFromMerge(e);
  }
}
