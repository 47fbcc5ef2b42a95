import { ATS_PERMISSION_GROUPS, type AtsPermissionGroup, type AtsProvider, type HiredCandidate, type KeyCheck } from './ats-provider.js';
import { IntegrationProviderError } from './hris-provider.js';
import type { FetchLike } from './http.js';

export interface GreenhouseOptions {
  /** https://harvest.greenhouse.io/v1, or the sandbox stand-in. */
  baseUrl: string;
  fetch?: FetchLike;
}

/** Harvest's page size limit. */
export const HARVEST_PER_PAGE = 500;

/** One list call per permission group: a 403 means the key lacks that group's permissions. */
export const HARVEST_PROBES: Record<AtsPermissionGroup, string> = {
  Applications: '/applications',
  Candidates: '/candidates',
  'Custom Fields': '/custom_fields/candidate',
  Departments: '/departments',
  Jobs: '/jobs',
  Offers: '/offers',
  Offices: '/offices',
  Sources: '/sources',
  Users: '/users',
};

interface HarvestApplication {
  id: number;
  candidate_id: number;
  status: string;
  jobs?: Array<{ id: number; name?: string }>;
}
interface HarvestCandidate {
  id: number;
  first_name?: string | null;
  last_name?: string | null;
  email_addresses?: Array<{ value: string; type?: string }>;
  custom_fields?: Record<string, unknown> | null;
}
interface HarvestOffer {
  application_id: number;
  status: string;
  starts_at?: string | null;
}
interface HarvestJob {
  id: number;
  name?: string;
  departments?: Array<{ name?: string } | null>;
  offices?: Array<{ name?: string } | null>;
}

/** The `next` page of Harvest's RFC 5988 Link header. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (m) return m[1]!;
  }
  return null;
}

/**
 * Greenhouse Harvest over HTTP: Basic auth with the key as the user name and an empty password, pages of up to
 * 500 followed through the Link header. Validation lists one row of each permission group Hearth needs.
 */
export class GreenhouseProvider implements AtsProvider {
  readonly integrationName = 'greenhouse';
  constructor(private readonly opts: GreenhouseOptions) {}

  private async get(apiKey: string, url: string): Promise<{ body: unknown; next: string | null }> {
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(url, {
        headers: { authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`, accept: 'application/json' },
        signal: AbortSignal.timeout(20_000),
      });
    } catch (err) {
      throw new IntegrationProviderError(`Greenhouse could not be reached: ${(err as Error).message}`);
    }
    if (!res.ok) throw new IntegrationProviderError(`Greenhouse refused the request (HTTP ${res.status})`, res.status);
    return { body: await res.json(), next: nextLink(res.headers.get('link')) };
  }

  private url(path: string, query: Record<string, string | number> = {}): string {
    const q = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return `${this.opts.baseUrl.replace(/\/$/, '')}${path}${q.size ? `?${q}` : ''}`;
  }

  private async all<T>(apiKey: string, path: string, query: Record<string, string | number> = {}): Promise<T[]> {
    const rows: T[] = [];
    let url: string | null = this.url(path, { per_page: HARVEST_PER_PAGE, ...query });
    while (url) {
      const page: { body: unknown; next: string | null } = await this.get(apiKey, url);
      rows.push(...(page.body as T[]));
      url = page.next;
    }
    return rows;
  }

  async validateKey(apiKey: string): Promise<KeyCheck> {
    const missing: string[] = [];
    for (const group of ATS_PERMISSION_GROUPS) {
      try {
        await this.get(apiKey, this.url(HARVEST_PROBES[group], { per_page: 1 }));
      } catch (err) {
        if (!(err instanceof IntegrationProviderError)) throw err;
        if (err.status === 401) return { ok: false, errors: ['The API key is not valid. Check that it was copied whole from Greenhouse.'] };
        if (err.status === 403) missing.push(group);
        else throw err;
      }
    }
    return missing.length ? { ok: false, errors: missing.map((g) => `The API key is missing the ${g} permissions (get and list).`) } : { ok: true };
  }

  async hiredCandidates(apiKey: string): Promise<HiredCandidate[]> {
    const applications = await this.all<HarvestApplication>(apiKey, '/applications', { status: 'hired' });
    if (!applications.length) return [];
    const offers = await this.all<HarvestOffer>(apiKey, '/offers', { status: 'accepted' });
    const jobs = new Map((await this.all<HarvestJob>(apiKey, '/jobs')).map((j) => [j.id, j]));
    const startOf = new Map(offers.map((o) => [o.application_id, o.starts_at ?? null]));
    const ids = [...new Set(applications.map((a) => a.candidate_id))];
    const candidates = new Map<number, HarvestCandidate>();
    for (let i = 0; i < ids.length; i += 50)
      for (const c of await this.all<HarvestCandidate>(apiKey, '/candidates', { candidate_ids: ids.slice(i, i + 50).join(',') })) candidates.set(c.id, c);
    return applications.flatMap((a) => {
      const c = candidates.get(a.candidate_id);
      if (!c) return [];
      const job = a.jobs?.[0] ? jobs.get(a.jobs[0].id) : undefined;
      const email = c.email_addresses?.find((e) => e.type === 'work') ?? c.email_addresses?.[0];
      const customFields: Record<string, string> = {};
      for (const [k, v] of Object.entries(c.custom_fields ?? {})) if (v !== null && v !== undefined && typeof v !== 'object') customFields[k] = String(v);
      return [
        {
          remoteId: String(a.id),
          firstName: c.first_name ?? '',
          lastName: c.last_name ?? '',
          email: email?.value.toLowerCase() ?? null,
          startDate: startOf.get(a.id)?.slice(0, 10) ?? null,
          jobTitle: job?.name ?? a.jobs?.[0]?.name ?? null,
          department: job?.departments?.find((d) => d?.name)?.name ?? null,
          office: job?.offices?.find((o) => o?.name)?.name ?? null,
          customFields,
        },
      ];
    });
  }
}
