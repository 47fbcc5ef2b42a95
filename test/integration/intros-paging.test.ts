import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoffeePageData, GroupsPage, MembersPage } from '../../src/intros/api-types.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { rosterEmail, rosterName, seedLargeRoster } from '../support/intros-roster.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { db, signedIn, type ApiClient } from './intros-support.js';

const SIZE = 1_000;
const BUDGET_BYTES = 100 * 1024;

/**
 * The Intros page of a 1,000-member channel whose round paired them all: GET /coffee/{id} sends the first page
 * of the roster and of the groups, and the rest comes page by page, searched on the server.
 */
describe(`Intros roster and groups, paged and searched (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let admin: ApiClient;
  let id: number;
  let groups: number;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signedIn(t, ACME.teamId, ACME.adminUserId);
    id = (await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
    await admin.call('GET', `/coffee/${id}`);
    ({ groups } = await seedLargeRoster(t, id, SIZE));
  });
  afterAll(() => t?.close());

  /** Every page of a list, in order, until next_page is null. */
  async function walk<P extends { next_page: number | null }>(path: string): Promise<P[]> {
    const pages: P[] = [];
    for (let page: number | null = 1; page !== null; page = pages.at(-1)!.next_page) {
      pages.push(await admin.call<P>('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}`));
      expect(pages.length).toBeLessThanOrEqual(SIZE);
    }
    return pages;
  }

  it('GET /coffee/{id} is under 100 KB: the first page of the roster and of the groups, with counts of everyone', async () => {
    const res = await fetch(`${t.url}/coffee/${id}`, { headers: { cookie: admin.cookie, accept: 'application/json', 'accept-encoding': 'identity' } });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(text)).toBeLessThan(BUDGET_BYTES);
    const page = JSON.parse(text) as CoffeePageData;
    expect(page.members_page).toEqual({ page: 1, per: 50, total: SIZE, next_page: 2 });
    expect(page.members).toHaveLength(50);
    expect(Object.entries(page.member_counts).filter(([k]) => k !== 'need_categories').reduce((sum, [, n]) => sum + n, 0)).toBe(SIZE);
    expect(page.groups_page).toEqual({ page: 1, per: 50, total: groups, next_page: 2 });
    expect(page.current_round?.groups).toHaveLength(50);
    expect(page.current_round?.num_groups).toBe(groups);
  });

  it('pages walk the whole roster exactly once, in name order, and the groups of the round likewise', async () => {
    const pages = await walk<MembersPage>(`/coffee/${id}/members?per=100`);
    expect(pages).toHaveLength(SIZE / 100);
    const seen = pages.flatMap((p) => p.members.map((m) => m.slack_user_id));
    const workspaceId = (await t.services.workspaces.byTeamId(ACME.teamId))!.id;
    const inChannel = await db(t).selectFrom('channel_members').select('slack_user_id').where('workspace_id', '=', workspaceId).where('channel_id', '=', ACME.channels.intros).execute();
    expect(seen).toHaveLength(SIZE);
    expect([...seen].sort()).toEqual(inChannel.map((r) => r.slack_user_id).sort());
    const names = pages.flatMap((p) => p.members.map((m) => m.name.toLowerCase()));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const groupPages = await walk<GroupsPage>(`/coffee/${id}/groups?per=100`);
    const meetingIds = groupPages.flatMap((p) => p.groups.map((g) => g.id));
    expect(meetingIds).toHaveLength(groups);
    expect(new Set(meetingIds).size).toBe(groups);
    expect(groupPages.flatMap((p) => p.groups.flatMap((g) => g.members))).toHaveLength(groups * 2);
  });

  it('search finds people by name and by email, any case, and the groups they are in', async () => {
    const byName = await admin.call<MembersPage>('GET', `/coffee/${id}/members?query=${encodeURIComponent(rosterName(777).toUpperCase())}`);
    expect(byName.members.map((m) => m.name)).toEqual([rosterName(777)]);
    expect(byName).toMatchObject({ total: 1, next_page: null });
    const byEmail = await admin.call<MembersPage>('GET', `/coffee/${id}/members?query=${encodeURIComponent(rosterEmail(31))}`);
    expect(byEmail.members.map((m) => m.name)).toEqual([rosterName(31)]);
    // "Person 0012" is in the names of people 120 to 129: a page of 4 holds the first four, the rest follow.
    const partial = await admin.call<MembersPage>('GET', `/coffee/${id}/members?query=person%200012&per=4&page=3`);
    expect(partial).toMatchObject({ total: 10, page: 3, next_page: null });
    expect(partial.members.map((m) => m.name)).toEqual([rosterName(128), rosterName(129)]);
    // Wildcards are plain text.
    expect((await admin.call<MembersPage>('GET', `/coffee/${id}/members?query=%25`)).total).toBe(0);

    const group = await admin.call<GroupsPage>('GET', `/coffee/${id}/groups?query=${encodeURIComponent(rosterEmail(777))}`);
    expect(group.total).toBe(1);
    expect(group.groups[0]!.members.map((m) => m.name)).toContain(rosterName(777));
  });

  it('filters by status on the server, counting what matches', async () => {
    const first = await admin.call<CoffeePageData>('GET', `/coffee/${id}`);
    const ineligible = await admin.call<MembersPage>('GET', `/coffee/${id}/members?status=ineligible`);
    expect(ineligible.total).toBe(first.member_counts.ineligible);
    expect(ineligible.total).toBeGreaterThan(0);
    expect(ineligible.members.every((m) => m.status === 'ineligible')).toBe(true);
    const active = await admin.call<MembersPage>('GET', `/coffee/${id}/members?status=active&per=100&page=2`);
    expect(active.total).toBe(first.member_counts.active);
    expect(active.members).toHaveLength(100);
    expect(active.members.every((m) => m.status === 'active')).toBe(true);
  });

  it('bad paging or search input is a 400 naming the field', async () => {
    for (const [path, field] of [
      [`/coffee/${id}/members?per=0`, 'per'],
      [`/coffee/${id}/members?per=101`, 'per'],
      [`/coffee/${id}/members?page=abc`, 'page'],
      [`/coffee/${id}/members?page=0`, 'page'],
      [`/coffee/${id}/members?status=asleep`, 'status'],
      [`/coffee/${id}/members?query=${'x'.repeat(101)}`, 'query'],
      [`/coffee/${id}/members?query=a&query=b`, 'query'],
      [`/coffee/${id}/groups?page=1.5`, 'page'],
      [`/coffee/${id}/groups?round_id=abc`, 'round_id'],
      [`/coffee/${id}/groups?round_id=99999999999`, 'round_id'],
    ] as const) {
      const answer = await admin.call<{ error: string; fields: Record<string, string> }>('GET', path, undefined, 400);
      expect(Object.keys(answer.fields), path).toContain(field);
      expect(answer.error.startsWith(`${field}:`), path).toBe(true);
    }
  });

  it("another workspace's program is 404, and so is a round of another program", async () => {
    const globex = await signedIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    for (const path of [`/coffee/${id}`, `/coffee/${id}/members`, `/coffee/${id}/members?query=person`, `/coffee/${id}/groups`]) await globex.call('GET', path, undefined, 404);
    const theirs = (await globex.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: GLOBEX.channels.intros })).id;
    const ours = await admin.call<GroupsPage>('GET', `/coffee/${id}/groups`);
    await globex.call('GET', `/coffee/${theirs}/groups?round_id=${ours.round_id}`, undefined, 404);
    expect(await globex.call<GroupsPage>('GET', `/coffee/${theirs}/groups`)).toEqual({ round_id: null, groups: [], page: 1, per: 50, total: 0, next_page: null });
  });
});

