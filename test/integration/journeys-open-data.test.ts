import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTagAnswer } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { install } from '../support/hearth.js';
import { setPlan, type SandboxHearth, startSandboxHearth } from '../support/sandbox-hearth.js';
import { member, type Client } from './members-support.js';

type Row = Record<string, unknown>;
interface Doc {
  tables: Record<string, Row[]>;
}

const JOURNEY_TABLES = [
  'journey_roles',
  'journey_tags',
  'journey_tag_permission_users',
  'journey_custom_presets',
  'journey_tag_presets',
  'journey_events',
  'journey_cohorts',
  'journey_sessions',
  'journey_memberships',
  'journey_session_events',
  'journey_deliveries',
  'journey_task_assignments',
  'journey_poll_responses',
];

/**
 * A workspace's journeys in its open data: a journey from a bundle with a session under way (messages sent, a task
 * done) is exported and imported into a fresh workspace, and reads back the same, every id remapped.
 */
describe(`Journeys in the open data export (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let admin: Client;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await member(t, ACME.teamId, ACME.adminUserId);
    await setPlan(t, ACME.teamId, 'premium');
  });
  afterAll(() => t?.close());

  /** Each journey table's rows with ids replaced by what they name (titles, names, Slack ids), sorted. */
  function readable(doc: Doc): Record<string, string[]> {
    const byId = (table: string, name: (r: Row) => string) => new Map((doc.tables[table] ?? []).map((r) => [r.id, name(r)]));
    const people = byId('members', (r) => String(r.slack_user_id));
    const roles = byId('journey_roles', (r) => String(r.name));
    const tags = byId('journey_tags', (r) => String(r.name));
    const events = byId('journey_events', (r) => `${tags.get(r.tag_id)}/${String(r.title)}`);
    const cohorts = byId('journey_cohorts', (r) => String(r.channel_name));
    const customPresets = byId('journey_custom_presets', (r) => String(r.name));
    const sessions = byId('journey_sessions', (r) => `${tags.get(r.tag_id)}/${people.get(r.participant_member_id)}`);
    const sessionEvents = byId('journey_session_events', (r) => `${sessions.get(r.session_id)}/${events.get(r.event_id)}`);
    const names: Record<string, (v: unknown) => unknown> = {
      member_id: (v) => people.get(v),
      participant_member_id: (v) => people.get(v),
      created_by_member_id: (v) => people.get(v),
      role_id: (v) => roles.get(v),
      role_ids: (v) => (v as unknown[]).map((id) => roles.get(id)),
      tag_id: (v) => tags.get(v),
      event_id: (v) => events.get(v),
      cohort_id: (v) => cohorts.get(v),
      // A library preset's id stays; the workspace's own presets get new ids.
      preset_id: (v) => customPresets.get(v) ?? v,
      session_id: (v) => sessions.get(v),
      session_event_id: (v) => sessionEvents.get(v),
      role_selection_settings: (v) =>
        Object.fromEntries(
          Object.entries(v as Record<string, { user_id?: number; selector_role_id?: number }>).map(([role, setting]) => [
            roles.get(Number(role)),
            { ...setting, ...(setting.user_id ? { user_id: people.get(setting.user_id) } : {}), ...(setting.selector_role_id ? { selector_role_id: roles.get(setting.selector_role_id) } : {}) },
          ]),
        ),
    };
    const out: Record<string, string[]> = {};
    for (const table of JOURNEY_TABLES)
      out[table] = (doc.tables[table] ?? [])
        .map((r) => {
          const { id: _id, ...rest } = r;
          return JSON.stringify(Object.entries(rest).map(([k, v]) => [k, v !== null && names[k] ? names[k](v) : v]));
        })
        .sort();
    return out;
  }

  it('exports a journey with a session under way and imports it into a fresh workspace, the same data with new ids', async () => {
    const created = await admin.call<CreateTagAnswer>('POST', '/onboarding/tags', { onboarding_tag: { name: 'Engineering onboarding', flow_type: 'onboarding', preset_bundle_id: 1 } });
    const byPurpose = Object.fromEntries(created.new_roles.map((r) => [r.purpose, r.id]));
    // The workspace's own preset, used by a second journey: its id is remapped in the journey's presets and events.
    const own = await admin.call<{ preset: { id: number } }>('POST', '/onboarding/presets', {
      preset: { name: 'Security basics', category_id: 2, flow_types: ['onboarding'], events: [{ kind: 'message', days_later: 1, minute_in_day: 600, recipient: 'primary', title: 'Passwords', text: 'Set up your password manager, {first_name}.' }] },
    });
    await admin.call('POST', '/onboarding/tags', { onboarding_tag: { name: 'Security', flow_type: 'onboarding', preset_ids: [own.preset.id] } });
    const ws = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    const id = async (slack: string) => (await t.services.people.bySlackId(ws.id, slack))!.id;
    await admin.call('POST', `/onboarding/tags/${created.tag.id}/sessions`, {
      start_date: '2026-03-03',
      memberships: [
        { role_id: byPurpose.primary, user_id: await id('U0DEMO010') },
        { role_id: byPurpose.manager, user_id: await id('U0DEMO009') },
        { role_id: byPurpose.buddy, user_id: await id('U0DEMO007') },
      ],
    });
    await t.api('POST', '/sandbox/clock/advance', { to: '2026-03-03T12:30:00Z' });
    await t.services.queue.idle();
    const jonas = await member(t, ACME.teamId, 'U0DEMO010');
    const items = await jonas.call<{ task_assignments: Array<{ id: number }> }>('GET', '/onboarding/action_items');
    expect(items.task_assignments.length).toBeGreaterThan(0);
    await jonas.call('PUT', `/onboarding/task_assignments/${items.task_assignments[0]!.id}`, { task_assignment: { state: 'complete' }, source: 'site' });

    // How the buddy role is filled (keyed by role id, naming a member and a selecting role): ids inside JSON too.
    const settings = { [String(byPurpose.buddy)]: { method: 'specific_user', user_id: await id('U0DEMO007') }, [String(byPurpose.manager)]: { method: 'selected_by_role', selector_role_id: byPurpose.primary } };
    await t.services.db.updateTable('journey_tags').set({ role_selection_settings: JSON.stringify(settings) }).where('id', '=', created.tag.id).execute();

    const manifest = await admin.call<{ tables: Array<{ table: string; capability: string }> }>('GET', '/data/manifest_as_json');
    expect(manifest.tables.filter((x) => x.capability === 'journeys').map((x) => x.table)).toEqual(JOURNEY_TABLES);
    const source = await admin.call<Doc>('GET', '/data/export.json');
    expect(source.tables.journey_session_events!.length).toBe(17);
    expect(source.tables.journey_deliveries!.length).toBeGreaterThan(3);
    expect(source.tables.journey_task_assignments!.some((r) => r.state === 'complete')).toBe(true);
    for (const table of JOURNEY_TABLES) for (const r of source.tables[table] ?? []) expect(r).not.toHaveProperty('workspace_id');

    const freshId = await install(t.hearth, 'T0JOURNEY1', 'xoxb-journeys', 'Journeys copy');
    const fresh = (await t.services.workspaces.byId(freshId))!;
    await t.services.people.upsert(fresh, [{ id: 'U0JRNADMIN', team_id: 'T0JOURNEY1', name: 'j.admin', real_name: 'J Admin', is_admin: true, profile: { real_name: 'J Admin', display_name: 'J' } } as never]);
    const freshAdmin = await member(t, 'T0JOURNEY1', 'U0JRNADMIN');
    const res = await fetch(`${t.url}/data/import`, {
      method: 'POST',
      headers: { cookie: freshAdmin.cookie, 'x-csrf-token': freshAdmin.csrf },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([JSON.stringify(source)]), 'export.json');
        return form;
      })(),
    });
    expect(res.status).toBe(200);
    const copy = await freshAdmin.call<Doc>('GET', '/data/export.json');
    expect(readable(copy)).toEqual(readable(source));
    expect(readable(copy).journey_tags!.join()).toContain('"Buddy":{"method":"specific_user","user_id":"U0DEMO007"}');
    // New ids: the copy's journey is its own, and the first workspace's is untouched.
    const copiedTag = copy.tables.journey_tags!.find((r) => r.name === 'Engineering onboarding')!;
    expect(copiedTag.id).not.toBe(created.tag.id);
    expect(await t.services.db.selectFrom('journey_tags').select('id').where('workspace_id', '=', freshId).orderBy('id').execute()).toEqual(copy.tables.journey_tags!.map((r) => ({ id: r.id })).sort((a, b) => Number(a.id) - Number(b.id)));
    // The copied preset is the fresh workspace's own, and its journey still uses it.
    const copiedPreset = copy.tables.journey_custom_presets![0]!;
    expect(copiedPreset.id).not.toBe(own.preset.id);
    const security = copy.tables.journey_tags!.find((r) => r.name === 'Security')!;
    const presets = await freshAdmin.call<{ presets: Array<{ id: number; selected?: boolean }> }>('GET', `/onboarding/tags/${security.id as number}/presets`);
    expect(presets.presets.find((p) => p.id === copiedPreset.id)).toMatchObject({ selected: true });
    await freshAdmin.call('GET', `/onboarding/tags/${copiedTag.id as number}`);
    await freshAdmin.call('GET', `/onboarding/tags/${created.tag.id}`, undefined, 404);
  });
});
