import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpsertStatusAnswer } from '../../src/enrollment/api-types.js';
import type { CreateTagAnswer } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { install } from '../support/hearth.js';
import { setPlan, type SandboxHearth, startSandboxHearth } from '../support/sandbox-hearth.js';
import { member, type Client } from './members-support.js';

type Row = Record<string, unknown>;
interface Doc {
  tables: Record<string, Row[]>;
}

const ENROLLMENT_TABLES = [
  'enrollment_batches',
  'enrollments',
  'enrollment_settings',
  'enrollment_rules',
  'enrollment_hr_mappings',
  'enrollment_auto_channels',
  'enrollment_surveys',
  'enrollment_survey_shares',
  'enrollment_survey_submissions',
];

/**
 * A workspace's enrollment in its open data: a manual batch (with a role selection and a pending new hire), rules,
 * HR mappings, an auto-enroll channel and a survey whose answers were matched with each other are exported and
 * imported into a fresh workspace, and read back the same, every id (in JSON values too) remapped.
 */
describe(`Enrollment in the open data export (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let admin: Client;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await member(t, ACME.teamId, ACME.adminUserId);
    await setPlan(t, ACME.teamId, 'premium');
  });
  afterAll(() => t?.close());

  /** Each enrollment table's rows with ids replaced by what they name (names, Slack ids, emails), sorted. */
  function readable(doc: Doc): Record<string, string[]> {
    const byId = (table: string, name: (r: Row) => string) => new Map((doc.tables[table] ?? []).map((r) => [r.id, name(r)]));
    const people = byId('members', (r) => String(r.slack_user_id));
    const roles = byId('journey_roles', (r) => String(r.name));
    const tags = byId('journey_tags', (r) => String(r.name));
    const sessions = byId('journey_sessions', (r) => `${tags.get(r.tag_id)}/${people.get(r.participant_member_id)}`);
    const batches = byId('enrollment_batches', (r) => String(r.created_at));
    const surveys = byId('enrollment_surveys', (r) => String(r.name));
    const shares = byId('enrollment_survey_shares', (r) => `${surveys.get(r.survey_id)}/${String(r.start_date)}`);
    const submissions = byId('enrollment_survey_submissions', (r) => people.get(r.member_id)!);
    const tagList = (v: unknown) => (v as number[]).map((id) => tags.get(id));
    const names: Record<string, (v: unknown) => unknown> = {
      member_id: (v) => people.get(v),
      created_by_member_id: (v) => people.get(v),
      role_id: (v) => roles.get(v),
      tag_id: (v) => tags.get(v),
      session_id: (v) => sessions.get(v),
      batch_id: (v) => batches.get(v),
      survey_id: (v) => surveys.get(v),
      share_id: (v) => shares.get(v),
      matched_submission_id: (v) => submissions.get(v),
      tag_ids: tagList,
      default_tag_ids: tagList,
      workspace_join_tag_ids: tagList,
      target_ids: tagList,
      role_surveys: (v) => (v as Array<Row>).map((s) => ({ ...s, role_id: roles.get(s.role_id) })),
      payload: (v) => {
        const p = v as { sessions: Array<Row & { tag_ids: number[]; memberships: Array<Row & { role_selection?: Row | null }> }>; session_ids_to_delete?: number[] };
        return {
          ...p,
          session_ids_to_delete: p.session_ids_to_delete?.map((id) => sessions.get(id)),
          sessions: p.sessions.map((s) => ({
            ...s,
            id: typeof s.id === 'number' ? sessions.get(s.id) : s.id,
            tag_ids: tagList(s.tag_ids),
            memberships: s.memberships.map((m) => ({
              ...m,
              role_id: roles.get(m.role_id),
              user_id: m.user_id ? people.get(m.user_id) : m.user_id,
              role_selection: m.role_selection ? { ...m.role_selection, selector_id: people.get(m.role_selection.selector_id) ?? null, selector_role_id: roles.get(m.role_selection.selector_role_id) ?? null } : m.role_selection,
            })),
          })),
        };
      },
    };
    const out: Record<string, string[]> = {};
    for (const table of ENROLLMENT_TABLES)
      out[table] = (doc.tables[table] ?? [])
        .map((r) => {
          const { id: _id, ...rest } = r;
          return JSON.stringify(Object.entries(rest).map(([k, v]) => [k, v !== null && names[k] ? names[k](v) : v]));
        })
        .sort();
    return out;
  }

  it('exports batches, enrollments, rules, mappings, channels and matched survey answers, and imports them with new ids', async () => {
    const created = await admin.call<CreateTagAnswer>('POST', '/onboarding/tags', { onboarding_tag: { name: 'Engineering onboarding', flow_type: 'onboarding', preset_bundle_id: 1 } });
    const tagId = created.tag.id;
    const role = Object.fromEntries(created.new_roles.map((r) => [r.purpose, r.id]));
    const ws = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    const id = async (slack: string) => (await t.services.people.bySlackId(ws.id, slack))!.id;

    const { status_id } = await admin.call<{ status_id: number }>('POST', `/onboarding/tags/${tagId}/manual_enrollment`, {
      sessions: [
        { start_date: '2026-03-09', tag_ids: [tagId], memberships: [{ role_id: role.primary, user_id: await id('U0DEMO010') }, { role_id: role.manager, user_id: await id('U0DEMO009') }, { role_id: role.buddy, role_selection: { selector_role_id: role.manager } }] },
        { start_date: '2026-03-16', tag_ids: [tagId], memberships: [{ role_id: role.primary, email: 'future.hire@example.com', first_name: 'Future' }] },
      ],
    });
    await t.services.queue.idle();
    await expect.poll(async () => (await admin.call<UpsertStatusAnswer>('GET', `/onboarding/manual_enrollment/upsert_status/${status_id}`)).status, { timeout: 15_000 }).toBe('success');

    await admin.call('PUT', '/onboarding/enrollment_rules', {
      enrollment_rules: [{ integration_identity_type: 'HrisIdentity', integration_identity_id: null, tag_ids: [tagId], processing_rule: { version: 1, groups: [{ formulas: [{ type: 'department', operator: 'equals', value: 'Engineering' }] }] } }],
    });
    await admin.call('PATCH', '/onboarding/tags/hris_category_mappings/bulk_update', {
      enrollment_source: 'auto_enroll',
      default_tag_ids: [tagId],
      mappings: [{ hris_type: 'department', hris_value: 'Engineering', target_ids: [tagId] }],
      exclusions: [{ hris_type: 'employment_type', hris_value: 'Contractor' }],
      channel_joins: { tag_ids: [tagId] },
    });
    await admin.call('PUT', `/onboarding/tags/${tagId}/auto_enroll_channels/bulk_update`, { channels: [{ channel_id: ACME.channels.newHires, start_date_rule: 'next_monday' }] });

    const question = { input_type: 'radio', query: 'Which area?', optional: false, options: [{ text: 'Backend' }, { text: 'Frontend' }] };
    const { enrollment_survey: survey } = await admin.call<{ enrollment_survey: { id: number } }>('POST', `/onboarding/tags/${tagId}/enrollment_surveys`, {
      enrollment_survey: { name: 'Buddy matching', role_enrollment_surveys: [{ role_id: role.primary, questions: [question] }, { role_id: role.buddy, questions: [question] }] },
    });
    await admin.call('POST', `/onboarding/tags/${tagId}/enrollment_surveys/${survey.id}/share_to_slack_as_json`, { user_ids: [await id('U0DEMO014'), await id('U0DEMO007')], start_date: '2026-03-09' });
    const share = await t.services.db.selectFrom('enrollment_survey_shares').select('id').where('survey_id', '=', survey.id).executeTakeFirstOrThrow();
    const answer = (roleId: number) => ({ workspace_id: ws.id, survey_id: survey.id, share_id: share.id, role_id: roleId, answers: JSON.stringify({ 0: 'Backend' }), created_at: new Date() });
    const [a, b] = await t.services.db
      .insertInto('enrollment_survey_submissions')
      .values([
        { ...answer(role.primary!), member_id: await id('U0DEMO014') },
        { ...answer(role.buddy!), member_id: await id('U0DEMO007') },
      ])
      .returning('id')
      .execute();
    // Matched both ways: the first answer names one that comes after it in the file.
    await admin.call('PUT', `/onboarding/tags/${tagId}/enrollment_surveys/${survey.id}/responses`, { matches: [{ primary_submission_id: a!.id, matched_submission_id: b!.id }] });

    const manifest = await admin.call<{ tables: Array<{ table: string; capability: string }> }>('GET', '/data/manifest_as_json');
    expect(manifest.tables.filter((x) => x.capability === 'enrollment').map((x) => x.table)).toEqual(ENROLLMENT_TABLES);

    const source = await admin.call<Doc & { manifest: Array<{ table: string; refs: Record<string, string>; columns: string[] }> }>('GET', '/data/export.json');
    const described = (table: string) => source.manifest.find((x) => x.table === table)!;
    expect(described('enrollment_rules').columns).not.toContain('integration_identity_id');
    expect(described('enrollment_batches').refs).toMatchObject({ 'payload.sessions[].memberships[].user_id': 'members', 'payload.sessions[].tag_ids[]': 'journey_tags' });
    expect(source.tables.enrollments!.map((e) => e.state).sort()).toEqual(['enrolled', 'pending']);
    expect(source.tables.enrollment_survey_submissions!.every((s) => s.matched_submission_id !== null)).toBe(true);
    for (const table of ENROLLMENT_TABLES) {
      expect(source.tables[table]!.length, table).toBeGreaterThan(0);
      for (const r of source.tables[table]!) expect(r).not.toHaveProperty('workspace_id');
    }

    const freshId = await install(t.hearth, 'T0ENROLL01', 'xoxb-enrollment', 'Enrollment copy');
    const fresh = (await t.services.workspaces.byId(freshId))!;
    await t.services.people.upsert(fresh, [{ id: 'U0ENRADMIN', team_id: 'T0ENROLL01', name: 'e.admin', real_name: 'E Admin', is_admin: true, profile: { real_name: 'E Admin', display_name: 'E' } } as never]);
    const freshAdmin = await member(t, 'T0ENROLL01', 'U0ENRADMIN');
    const upload = (doc: unknown) =>
      fetch(`${t.url}/data/import`, {
        method: 'POST',
        headers: { cookie: freshAdmin.cookie, 'x-csrf-token': freshAdmin.csrf },
        body: (() => {
          const form = new FormData();
          form.append('file', new Blob([JSON.stringify(doc)]), 'export.json');
          return form;
        })(),
      });

    // A batch naming a member that is not in the file is refused by field, and nothing is written.
    const broken = structuredClone(source);
    const batchPayload = broken.tables.enrollment_batches![0]!.payload as { sessions: Array<{ memberships: Array<{ user_id?: number }> }> };
    batchPayload.sessions[0]!.memberships[0]!.user_id = 987_654;
    const refused = await upload(broken);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({ 'tables.enrollment_batches.0.payload.sessions[].memberships[].user_id': 'refers to a members row that is not in the file (987654)' });
    expect(await t.services.db.selectFrom('journey_tags').select('id').where('workspace_id', '=', freshId).execute()).toEqual([]);

    const res = await upload(source);
    expect(res.status).toBe(200);
    const copy = await freshAdmin.call<Doc>('GET', '/data/export.json');
    expect(readable(copy)).toEqual(readable(source));
    expect(readable(copy).enrollment_survey_submissions!.join()).toContain('["matched_submission_id","U0DEMO007"]');
    expect(readable(copy).enrollment_batches!.join()).toContain('"selector_role_id":"Manager"');
    // New ids, and the copy's settings page reads its own rules and mappings.
    const copiedSubmissions = copy.tables.enrollment_survey_submissions!;
    expect(copiedSubmissions.map((s) => s.id)).not.toContain(a!.id);
    const settings = await freshAdmin.call<{ enrollment_source: string; default_tag_ids: number[]; enrollment_rules: unknown[] }>('GET', '/onboarding/enrollment_settings');
    expect(settings.default_tag_ids).toEqual([copy.tables.journey_tags![0]!.id]);
    expect(settings.enrollment_rules).toHaveLength(1);
  });
});
