import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrypt, encrypt } from '../../src/crypto.js';
import type { DirectIdentityJson, HrisIdentityJson, IntegratableProgramJson, LinkTokenJson, MemberIdentityJson } from '../../src/integrations/api-types.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const TEAM = ACME.teamId;

interface Session {
  cookie: string;
  csrf: string;
  memberId: number;
}

/**
 * Integrations through the app's real endpoints on the sandbox workspace, with the providers' stand-ins the
 * sandbox serves in the same app: the HR system's link flow (link token → public token → account token, sealed),
 * its first sync (pending → active, employees matched by email, new hires announced once, dates fed to
 * Celebrations), ownership, syncables, applicant tracking's key check and hired candidates, calendar OAuth,
 * unlinking, experiment variants, and the 400/403/404 boundaries.
 */
describe(`Integrations (${path})`, () => {
  let t: SandboxHearth;
  let admin: Session;
  let member: Session;
  let globex: Session;
  let hris: HrisIdentityJson;

  const call: SandboxHearth['call'] = (...args) => t.call(...args);
  const wsId = async (team = TEAM) => (await t.services.workspaces.byTeamId(team))!.id;
  const eventsOf = async (type: string) =>
    (await t.services.db.selectFrom('domain_events').select('payload').where('workspace_id', '=', await wsId()).where('type', '=', type).orderBy('seq').execute()).map(
      (r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    );
  const settle = () => t.services.queue.idle();

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signIn(t, TEAM, ACME.adminUserId);
    member = await signIn(t, TEAM, 'U0DEMO003');
    globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
  });
  afterAll(() => t?.close());

  it('links the HR system: link token, the link dialog’s public token, an integration that is pending, then active once synced', async () => {
    await call(member, 'POST', '/hris/create_link_token_as_json', {}, 403);
    const link = await call<LinkTokenJson>(admin, 'POST', '/hris/create_link_token_as_json', {});
    expect(link.link).toEqual({ kind: 'sandbox' });
    expect(link.link_token).toMatch(/^sbx-link-/);
    const { public_token } = await call<{ public_token: string }>(admin, 'POST', '/sandbox/merge/api/link', { link_token: link.link_token });

    const bad = await call<{ error: string; fields: Record<string, string> }>(admin, 'POST', '/hris/create_integration_as_json', {}, 400);
    expect(bad.fields).toHaveProperty('public_token');

    const created = await call<{ hris_identity: HrisIdentityJson }>(admin, 'POST', '/hris/create_integration_as_json', { public_token });
    expect(created.hris_identity).toMatchObject({ state: 'pending', integration_name: 'Sandbox HR', creator: { id: admin.memberId }, owner: { id: admin.memberId }, fully_synced: false });
    expect(JSON.stringify(created)).not.toMatch(/sbx-acct-/);
    await call(admin, 'POST', '/hris/create_integration_as_json', { public_token }, 409);

    await settle();
    hris = (await call<{ hris_identity: HrisIdentityJson }>(admin, 'GET', `/hris/${created.hris_identity.id}/show_as_json`)).hris_identity;
    expect(hris).toMatchObject({ state: 'active', fully_synced: true, people_count: 9, matched_count: 6 });

    // The account token is sealed at rest and opens with the app's key.
    const row = await t.services.db.selectFrom('hris_identities').select('account_token_enc').where('id', '=', hris.id).executeTakeFirstOrThrow();
    expect(row.account_token_enc).not.toMatch(/sbx-acct-/);
    expect(decrypt(t.services.config.encryptionKey, row.account_token_enc)).toMatch(/^sbx-acct-/);

    // Employees matched to members by email; the two who start later are new hires, each announced once.
    const ananya = await t.services.db.selectFrom('integration_people').selectAll().where('email', '=', 'ananya.iyer@acme.example').executeTakeFirstOrThrow();
    expect(ananya.member_id).toBe((await t.services.people.bySlackId(await wsId(), 'U0DEMO007'))!.id);
    const hires = await eventsOf('integrations.new_hire');
    expect(hires.map((h) => h.email).sort()).toEqual(['olivia.park@acme.example', 'tomas.silva@acme.example']);
    expect(hires.find((h) => h.email === 'olivia.park@acme.example')).toEqual({
      source: 'hris',
      identityId: hris.id,
      email: 'olivia.park@acme.example',
      firstName: 'Olivia',
      lastName: 'Park',
      startDate: '2026-03-16',
      attributes: { department: 'Engineering', location: 'New York', job_title: 'Software Engineer', manager_email: 'arjun.mehta@acme.example', 'T-shirt size': 'S' },
    });
  });

  it('an account the HR system asks to relink turns relink_needed; linking again deactivates it and starts a new one', async () => {
    const link = async () => {
      const { link_token } = await call<LinkTokenJson>(globex, 'POST', '/hris/create_link_token_as_json', {});
      return link_token;
    };
    const relink = await call<{ public_token: string }>(globex, 'POST', '/sandbox/merge/api/link', { link_token: await link(), integration: 'relink' });
    const first = (await call<{ hris_identity: HrisIdentityJson }>(globex, 'POST', '/hris/create_integration_as_json', { public_token: relink.public_token })).hris_identity;
    await settle();
    expect((await call<{ hris_identity: HrisIdentityJson }>(globex, 'GET', `/hris/${first.id}/show_as_json`)).hris_identity).toMatchObject({ state: 'relink_needed', fully_synced: false, people_count: 0 });

    const fresh = await call<{ public_token: string }>(globex, 'POST', '/sandbox/merge/api/link', { link_token: await link() });
    const second = (await call<{ hris_identity: HrisIdentityJson }>(globex, 'POST', '/hris/create_integration_as_json', { public_token: fresh.public_token })).hris_identity;
    await settle();
    expect((await call<{ hris_identity: HrisIdentityJson }>(globex, 'GET', `/hris/${first.id}/show_as_json`)).hris_identity.state).toBe('deactivated');
    expect((await call<{ hris_identity: HrisIdentityJson }>(globex, 'GET', `/hris/${second.id}/show_as_json`)).hris_identity.state).toBe('active');
    // A Globex sync matches Globex's members only: the Acme employees are people, not members, there.
    expect((await call<{ hris_identity: HrisIdentityJson }>(globex, 'GET', `/hris/${second.id}/show_as_json`)).hris_identity.matched_count).toBe(0);
  });

  it('keeps other workspaces and members out: 404 across workspaces, 400 for a malformed id, no identity for a non-admin', async () => {
    await call(globex, 'GET', `/hris/${hris.id}/show_as_json`, undefined, 404);
    await call(admin, 'GET', '/hris/99999999999/show_as_json', undefined, 400);
    await call(member, 'GET', `/hris/${hris.id}/show_as_json`, undefined, 404);
    const overview = await call<{ hris: { identity: HrisIdentityJson | null } }>(member, 'GET', '/integrations/overview_as_json');
    expect(overview.hris.identity).toBeNull();
  });

  it('feeds the chosen programs: syncables replace the choice, the next sync writes birthdays and start dates to Celebrations, new hires stay announced once', async () => {
    const celebrations = await call<{ id: number }>(admin, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'celebrations-birthdays-anniversaries', channel_id: ACME.channels.celebrations });
    const { programs } = await call<{ programs: IntegratableProgramJson[] }>(admin, 'GET', '/hris/integratable_programs_as_json');
    expect(programs).toContainEqual({ program_type: 'celebrations', id: celebrations.id, name: '#celebrations' });

    const wrong = await call<{ error: string }>(admin, 'POST', `/hris/${hris.id}/create_syncables_as_json`, { hris_syncables: [{ program_type: 'intros', program_id: celebrations.id }] }, 400);
    expect(wrong.error).toMatch(/no such intros program/);
    const updated = await call<{ hris_identity: HrisIdentityJson }>(admin, 'POST', `/hris/${hris.id}/create_syncables_as_json`, { hris_syncables: [{ program_type: 'celebrations', program_id: celebrations.id }] });
    expect(updated.hris_identity.hris_sync_data).toEqual({ celebrations: true, onboarding: false, intros: false });
    expect(updated.hris_identity.syncables).toEqual([{ program_type: 'celebrations', program_id: celebrations.id }]);
    await settle();

    const ananya = (await t.services.people.bySlackId(await wsId(), 'U0DEMO007'))!;
    const dates = await t.services.db.selectFrom('celebration_schedules').select(['schedule_type', 'month', 'day', 'year', 'source']).where('member_id', '=', ananya.id).orderBy('schedule_type').execute();
    expect(dates).toEqual([
      { schedule_type: 'anniversary', month: 8, day: 3, year: 2020, source: 'import' },
      { schedule_type: 'birthday', month: 1, day: 9, year: 1994, source: 'import' },
    ]);
    expect(await eventsOf('integrations.new_hire')).toHaveLength(2);
  });

  it('transfers ownership to a member; someone not in the workspace is refused with the message the page toasts', async () => {
    const globexMember = globex.memberId;
    const refused = await call<{ error: string }>(admin, 'PUT', `/hris/${hris.id}/update_as_json`, { hris_identity: { user_id: globexMember } }, 400);
    expect(refused.error).toBe("That person isn't in this workspace.");
    await call(member, 'PUT', `/hris/${hris.id}/update_as_json`, { hris_identity: { user_id: member.memberId } }, 404);
    const moved = await call<{ hris_identity: HrisIdentityJson }>(admin, 'PUT', `/hris/${hris.id}/update_as_json`, { hris_identity: { user_id: member.memberId } });
    expect(moved.hris_identity.owner).toEqual({ id: member.memberId, name: 'Marcus Chen' });
    // The new owner may now read it.
    await call(member, 'GET', `/hris/${hris.id}/show_as_json`);
  });

  it('applicant tracking: a key lacking a permission group is an error naming it; a good key validates, syncs hired candidates and announces them once', async () => {
    const missing = await call<{ direct_integration_identity: DirectIdentityJson }>(admin, 'POST', '/direct_integration_identities', { integration_name: 'greenhouse', api_key: 'sbx-no-offers-1234' });
    expect(missing.direct_integration_identity).toMatchObject({ state: 'pending', api_key: { key: '••••••••1234' } });
    await settle();
    const errored = await call<{ direct_integration_identity: DirectIdentityJson }>(admin, 'GET', `/direct_integration_identities/${missing.direct_integration_identity.id}`);
    expect(errored.direct_integration_identity).toMatchObject({ state: 'error', errors: ['The API key is missing the Offers permissions (get and list).'] });

    await call(admin, 'POST', '/direct_integration_identities', { integration_name: 'lever', api_key: 'abcdefgh' }, 400);
    await call(member, 'POST', '/direct_integration_identities', { integration_name: 'greenhouse', api_key: 'abcdefgh' }, 403);
    const good = await call<{ direct_integration_identity: DirectIdentityJson }>(admin, 'POST', '/direct_integration_identities', { integration_name: 'greenhouse', api_key: 'sbx-harvest-key-9876' });
    await settle();
    const validated = await call<{ direct_integration_identity: DirectIdentityJson }>(admin, 'GET', `/direct_integration_identities/${good.direct_integration_identity.id}/validate`);
    expect(validated.direct_integration_identity).toMatchObject({ state: 'active', errors: [], people_count: 2 });
    expect(JSON.stringify(validated)).not.toContain('sbx-harvest-key-9876');
    await call(globex, 'GET', `/direct_integration_identities/${good.direct_integration_identity.id}`, undefined, 404);

    const fromAts = (await eventsOf('integrations.new_hire')).filter((h) => h.source === 'ats');
    expect(fromAts.map((h) => [h.email, h.startDate])).toEqual([
      ['mateo.rossi@acme.example', '2026-03-23'],
      ['aisha.karimi@acme.example', '2026-04-06'],
    ]);
    const upcoming = await call<{ new_hires: Array<{ name: string; source: string; start_date: string }> }>(admin, 'GET', '/integrations/new_hires_as_json?days=60');
    expect(upcoming.new_hires.map((h) => [h.name, h.source, h.start_date])).toEqual([
      ['Olivia Park', 'hris', '2026-03-16'],
      ['Mateo Rossi', 'ats', '2026-03-23'],
      ['Tomás Silva', 'hris', '2026-04-01'],
      ['Aisha Karimi', 'ats', '2026-04-06'],
    ]);
    await call(admin, 'GET', '/integrations/new_hires_as_json?days=0', undefined, 400);
  });

  it('/upcoming_new_hires lists the people the HR system and applicant tracking report who are not in Slack yet, with their HR data', async () => {
    type Hire = { user_id: number | null; slack_user_id: string | null; name: string; source: string; start_date: string; days_until: number; email: string | null; department: string | null; location: string | null; job_title: string | null };
    const upcoming = async () => (await call<{ new_hires: Hire[] }>(admin, 'GET', '/upcoming_new_hires?days=60')).new_hires.filter((h) => h.source !== 'slack');
    const today = t.clock.now().toISOString().slice(0, 10);
    const days = (d: string) => (Date.parse(d) - Date.parse(today)) / 86_400_000;
    const hires = await upcoming();
    expect(hires.map((h) => [h.name, h.source, h.start_date])).toEqual([
      ['Olivia Park', 'hris', '2026-03-16'],
      ['Mateo Rossi', 'ats', '2026-03-23'],
      ['Tomás Silva', 'hris', '2026-04-01'],
      ['Aisha Karimi', 'ats', '2026-04-06'],
    ]);
    expect(hires[0]).toEqual({
      user_id: null,
      slack_user_id: null,
      name: 'Olivia Park',
      avatar_url: null,
      start_date: '2026-03-16',
      days_until: days('2026-03-16'),
      source: 'hris',
      email: 'olivia.park@acme.example',
      department: 'Engineering',
      location: 'New York',
      job_title: 'Software Engineer',
    });
    // Only as far ahead as asked.
    expect((await call<{ new_hires: Hire[] }>(admin, 'GET', '/upcoming_new_hires?days=20')).new_hires.filter((h) => h.source !== 'slack').map((h) => h.name)).toEqual(['Olivia Park']);
    // A member who edits no celebrations program sees no start dates.
    await call(member, 'GET', '/upcoming_new_hires', undefined, 403);
    // Globex linked the same sandbox HR system (its own people), but Acme's applicant tracking is Acme's alone.
    const globexHires = (await call<{ new_hires: Hire[] }>(globex, 'GET', '/upcoming_new_hires?days=60')).new_hires;
    expect(globexHires.map((h) => h.name)).toEqual(['Olivia Park', 'Tomás Silva']);

    // Olivia joins Slack before the next sync: she is no longer someone "not in Slack yet".
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    await t.services.people.upsert(ws, [{ id: 'U0OLIVIA1', name: 'olivia', real_name: 'Olivia Park', team_id: TEAM, profile: { email: 'olivia.park@acme.example', real_name: 'Olivia Park' } }]);
    expect((await upcoming()).map((h) => h.name)).toEqual(['Mateo Rossi', 'Tomás Silva', 'Aisha Karimi']);
  });

  it('the daily sync comes due through the tick and announces no one twice', async () => {
    const before = (await eventsOf('integrations.synced')).length;
    await t.api('POST', '/sandbox/clock/advance', { minutes: 24 * 60 + 1 });
    await settle();
    expect((await eventsOf('integrations.synced')).length).toBeGreaterThanOrEqual(before + 2);
    expect(await eventsOf('integrations.new_hire')).toHaveLength(4);
  });

  /** The OAuth dance through the stand-in: authorize URL, consent (a code for the signed-in member), back. */
  async function consent(who: Session, provider: 'google' | 'microsoft' | 'zoom'): Promise<URL> {
    const { authorize_url } = await call<{ authorize_url: string }>(who, 'POST', '/users/integrations/authorize_as_json', { provider });
    const authorize = new URL(authorize_url);
    expect(authorize.pathname).toBe(`/integrations/sandbox_authorize/${provider}`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.url}/integrations/oauth/${provider}/callback`);
    const answer = await call<{ redirect_to: string }>(who, 'POST', `/sandbox/oauth/${provider}/code`, {
      client_id: authorize.searchParams.get('client_id'),
      redirect_uri: authorize.searchParams.get('redirect_uri'),
      state: authorize.searchParams.get('state'),
    });
    return new URL(answer.redirect_to);
  }
  const link = async (who: Session, provider: 'google' | 'microsoft' | 'zoom') => {
    const back = await consent(who, provider);
    return call<{ identities: MemberIdentityJson[] }>(who, 'POST', '/users/integrations/complete_as_json', { provider, code: back.searchParams.get('code'), state: back.searchParams.get('state') });
  };

  it('links a calendar through OAuth (the stand-in authorization server), shows it on the current user, and unlinks it', async () => {
    const back = await consent(member, 'google');
    // Another member cannot complete this member's authorization.
    await call(admin, 'POST', '/users/integrations/complete_as_json', { provider: 'google', code: back.searchParams.get('code'), state: back.searchParams.get('state') }, 400);
    const done = await call<{ identities: MemberIdentityJson[] }>(member, 'POST', '/users/integrations/complete_as_json', { provider: 'google', code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    expect(done.identities.find((i) => i.provider === 'google')).toEqual({ provider: 'google', valid: true, email: 'marcus.chen@acme.example', available: true });
    expect((await call<{ has_valid_google_identity: boolean }>(member, 'GET', '/users/show_as_json')).has_valid_google_identity).toBe(true);

    const row = await t.services.db.selectFrom('member_identities').selectAll().where('member_id', '=', member.memberId).executeTakeFirstOrThrow();
    expect(row.access_token_enc).not.toMatch(/^sbx-at-/);

    await call(member, 'DELETE', '/users/integrations/destroy_as_json', { provider: 'nope' }, 400);
    const after = await call<{ identities: MemberIdentityJson[] }>(member, 'DELETE', '/users/integrations/destroy_as_json', { provider: 'google' });
    expect(after.identities.find((i) => i.provider === 'google')).toMatchObject({ valid: false, email: null });
    expect((await call<{ has_valid_google_identity: boolean }>(member, 'GET', '/users/show_as_json')).has_valid_google_identity).toBe(false);
  });

  it('/hearth times suggests half-hours when everyone with a linked calendar is free; without a calendar, the spec’s message', async () => {
    const command = (userId: string, text: string) =>
      t.api<{ response: { text?: string } | string; stored: { text: string } | null }>('POST', '/sandbox/commands', { team_id: TEAM, user_id: userId, channel_id: ACME.channels.general, text });
    const replyOf = (r: Awaited<ReturnType<typeof command>>) => r.stored?.text ?? (typeof r.response === 'string' ? r.response : (r.response?.text ?? ''));
    expect(replyOf(await command(ACME.adminUserId, 'times <@U0DEMO003>'))).toMatch(/^Your calendar hasn't been linked yet\. Try linking it again\. Link a calendar at .*\/integrations\.$/);

    await link(admin, 'google');
    await link(member, 'microsoft');
    const reply = replyOf(await command(ACME.adminUserId, 'times <@U0DEMO003|marcus> <@U0DEMO002>'));
    expect(reply).toMatch(/^Times in the coming week when you and <@U0DEMO003>, <@U0DEMO002> are free:/);
    expect(reply).toMatch(/<@U0DEMO002> hasn't linked a calendar/);
    const slots = [...reply.matchAll(/<!date\^(\d+)\^/g)].map((m) => new Date(Number(m[1]) * 1000));
    expect(slots).toHaveLength(3);
    const { standInBusy } = await import('../../src/integrations/stand-ins/oauth.js');
    const now = t.clock.now();
    const busy = [...standInBusy('alex.rivera@acme.example', now, new Date(now.getTime() + 9 * 86_400_000)), ...standInBusy('marcus.chen@acme.example', now, new Date(now.getTime() + 9 * 86_400_000))];
    const ny = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    for (const slot of slots) {
      expect(slot.getTime()).toBeGreaterThan(now.getTime());
      const end = new Date(slot.getTime() + 30 * 60_000);
      expect(busy.some((b) => b.start < end && b.end > slot)).toBe(false);
      const parts = Object.fromEntries(ny.formatToParts(slot).map((p) => [p.type, p.value]));
      expect(['Sat', 'Sun']).not.toContain(parts.weekday);
      expect(Number(parts.hour) * 60 + Number(parts.minute)).toBeGreaterThanOrEqual(9 * 60);
      expect(Number(parts.hour) * 60 + Number(parts.minute)).toBeLessThanOrEqual(16 * 60 + 30);
    }
    // One a day, on different days.
    expect(new Set(slots.map((s) => ny.formatToParts(s).find((p) => p.type === 'weekday')!.value)).size).toBe(3);
  });

  it('a key revoked after it was checked turns the identity to error at its next sync', async () => {
    const active = await t.services.db.selectFrom('direct_integration_identities').select('id').where('state', '=', 'active').executeTakeFirstOrThrow();
    await t.services.db
      .updateTable('direct_integration_identities')
      .set({ api_key_enc: encrypt(t.services.config.encryptionKey, 'sbx-invalid-now'), next_sync_at: t.clock.now() })
      .where('id', '=', active.id)
      .execute();
    await t.api('POST', '/sandbox/clock/advance', { minutes: 1 });
    await settle();
    const after = await call<{ direct_integration_identity: DirectIdentityJson }>(admin, 'GET', `/direct_integration_identities/${active.id}`);
    expect(after.direct_integration_identity).toMatchObject({ state: 'error', errors: ['The applicant tracking system no longer accepts this API key. Add a new one.'] });
  });

  it('assigns experiment variants stably per member', async () => {
    const one = await call<{ variant: string }>(member, 'POST', '/field_test/variant_as_json', { experiment: 'hris_banner' });
    const again = await call<{ variant: string }>(member, 'POST', '/field_test/variant_as_json', { experiment: 'hris_banner' });
    expect(again).toEqual(one);
    expect(['control', 'variant']).toContain(one.variant);
    await call(member, 'POST', '/field_test/variant_as_json', { experiment: 'Bad Name!' }, 400);
  });
});
