import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchesAnswer, EnrollmentSurveyJson, SavedSessionAnswer, SurveyResponsesAnswer, UpsertStatusAnswer } from '../../src/enrollment/api-types.js';
import { TOO_MANY_ROWS_TEXT } from '../../src/enrollment/api-types.js';
import { enrollmentUpsert } from '../../src/enrollment/manual.js';
import type { CreateTagAnswer } from '../../src/journeys/api-types.js';
import { event } from '../../src/platform/events/define.js';
import { newHire } from '../../src/platform/events/new-hire.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { setPlan, startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const TEAM = ACME.teamId;
const JONAS = 'U0DEMO010';
const LENA = 'U0DEMO009';
const ROHAN = 'U0DEMO008';
const MAYA = 'U0DEMO013';

interface Who {
  cookie: string;
  csrf: string;
  memberId: number;
}

/**
 * Enrollment on the sandbox workspace: a manual enrollment batch upserted by its job (and one that fails, which
 * writes none of its rows), the 2000-row limit, bad input and other workspaces, a new hire from the HR system
 * enrolled by an enrollment rule, an auto-enroll channel, self-enroll, and an enrollment survey shared to Slack,
 * answered in its modal and matched.
 */
describe(`Enrollment (${path})`, () => {
  let t: SandboxHearth;
  let admin: Who;
  let tagId: number;
  let roles: { primary: number; manager: number; buddy: number };

  const call: SandboxHearth['call'] = (...args) => t.call(...args);
  const db = () => t.services.db;
  const wsId = async () => (await t.services.workspaces.byTeamId(TEAM))!.id;
  const memberId = async (slackUserId: string) => (await t.services.people.bySlackId(await wsId(), slackUserId))!.id;
  const sessionsOf = async (member: number) => db().selectFrom('journey_sessions').selectAll().where('participant_member_id', '=', member).where('tag_id', '=', tagId).execute();
  const eventsOf = async (type: string) => (await db().selectFrom('domain_events').select(['payload']).where('type', '=', type).orderBy('seq').execute()).map((e) => e.payload as Record<string, unknown>);
  const settle = () => t.services.queue.idle();
  async function statusOf(id: number): Promise<UpsertStatusAnswer> {
    await settle();
    let answer: UpsertStatusAnswer = { status: 'pending', error: null };
    await expect.poll(async () => (answer = await call<UpsertStatusAnswer>(admin, 'GET', `/onboarding/manual_enrollment/upsert_status/${id}`)).status, { timeout: 15_000 }).not.toBe('pending');
    return answer;
  }

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signIn(t, TEAM, ACME.adminUserId);
    await setPlan(t, TEAM, 'premium');
    const created = await call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', { channel_id: ACME.channels.general, onboarding_tag: { name: 'Engineering onboarding', flow_type: 'onboarding', preset_bundle_id: 1 }, source: 'one_click' });
    tagId = created.tag.id;
    const byPurpose = Object.fromEntries(created.new_roles.map((r) => [r.purpose, r.id]));
    roles = { primary: byPurpose.primary!, manager: byPurpose.manager!, buddy: byPurpose.buddy! };
  });
  afterAll(() => t?.close());

  it('upserts a manual enrollment as a job: sessions, a pending new hire, the batch and its events', async () => {
    const jonas = await memberId(JONAS);
    const lena = await memberId(LENA);
    const { status_id } = await call<{ status_id: number }>(admin, 'POST', `/onboarding/tags/${tagId}/manual_enrollment`, {
      sessions: [
        { id: 'b0c7a3e2-new', start_date: '2026-03-09', tag_ids: [tagId], time_zone_name: 'sync', memberships: [{ role_id: roles.primary, user_id: jonas }, { role_id: roles.manager, user_id: lena }] },
        { start_date: '2026-03-16', tag_ids: [tagId], time_zone_name: 'America/New_York', memberships: [{ role_id: roles.primary, email: 'Future.Hire@Example.com', first_name: 'Future', last_name: 'Hire', personal_email: 'future@home.test' }] },
      ],
    });
    expect(await statusOf(status_id)).toEqual({ status: 'success', error: null });
    const [session] = await sessionsOf(jonas);
    expect(session).toMatchObject({ start_date: '2026-03-09', state: 'active' });
    const memberships = await db().selectFrom('journey_memberships').selectAll().where('session_id', '=', session!.id).execute();
    expect(memberships.find((m) => m.role_id === roles.manager)?.member_id).toBe(lena);

    const batches = await call<BatchesAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/batches?batch_id=${status_id}`);
    expect(batches.batches[0]).toMatchObject({ id: status_id, status: 'success', sessions_created: 1, source: 'manual' });
    expect(batches.batch!.enrollments.map((e) => [e.state, e.email ?? e.member?.name])).toEqual([
      ['enrolled', 'Jonas Weber'],
      ['pending', 'future.hire@example.com'],
    ]);
    expect(await eventsOf('enrollment.enrolled')).toEqual([expect.objectContaining({ sessionId: session!.id, memberId: jonas, source: 'manual', batchId: status_id })]);
    expect((await eventsOf('journey.session_created')).map((e) => e.sessionId)).toContain(session!.id);
  });

  it('fills roles by an explicit role selection, refuses bad ones by field, and replaces memberships unless preserve is set', async () => {
    const noah = await memberId('U0DEMO020');
    const emily = await memberId('U0DEMO021');
    const lena = await memberId(LENA);
    const carlos = await memberId('U0DEMO022');
    const channel = ACME.channels.buddyVolunteers;
    const inChannel = (await db().selectFrom('channel_members').select('slack_user_id').where('channel_id', '=', channel).execute()).map((r) => r.slack_user_id);
    const { status_id } = await call<{ status_id: number }>(admin, 'POST', `/onboarding/tags/${tagId}/manual_enrollment`, {
      sessions: [
        { start_date: '2026-03-09', tag_ids: [tagId], memberships: [{ role_id: roles.primary, user_id: noah }, { role_id: roles.manager, user_id: lena }, { role_id: roles.buddy, role_selection: { selector_role_id: roles.manager } }] },
        { start_date: '2026-03-09', tag_ids: [tagId], memberships: [{ role_id: roles.primary, user_id: emily }, { role_id: roles.buddy, role_selection: { channel_id: channel } }] },
      ],
    });
    expect(await statusOf(status_id)).toEqual({ status: 'success', error: null });
    const membershipsOf = async (member: number) => {
      const [session] = await sessionsOf(member);
      const rows = await db().selectFrom('journey_memberships').selectAll().where('session_id', '=', session!.id).orderBy('id').execute();
      return { session: session!, byRole: (role: number) => rows.filter((m) => m.role_id === role).map((m) => ({ member_id: m.member_id, role_selection: m.role_selection })) };
    };
    const n = await membershipsOf(noah);
    expect(n.byRole(roles.manager)).toEqual([{ member_id: lena, role_selection: null }]);
    expect(n.byRole(roles.buddy)).toEqual([{ member_id: null, role_selection: { selector_id: null, selector_role_id: roles.manager } }]);
    const e = await membershipsOf(emily);
    const [picked] = e.byRole(roles.buddy);
    expect(picked!.role_selection).toEqual({ channel_id: channel });
    if (inChannel.length) {
      const pickedSlack = (await db().selectFrom('members').select('slack_user_id').where('id', '=', picked!.member_id!).executeTakeFirstOrThrow()).slack_user_id;
      expect(inChannel).toContain(pickedSlack);
    }

    // Bad selections: a 400 naming the membership's field, and nothing stored.
    const bad = async (membership: Record<string, unknown>) =>
      (await call<{ fields: Record<string, string> }>(admin, 'POST', '/onboarding/manual_enrollment', { sessions: [{ start_date: '2026-03-09', tag_ids: [tagId], memberships: [{ role_id: roles.primary, user_id: carlos }, membership] }] }, 400)).fields;
    expect(await bad({ role_id: roles.buddy, user_id: lena, role_selection: { selector_role_id: roles.manager } })).toEqual({ 'sessions.0.memberships.1.role_selection': 'set a user or a role selection, not both' });
    expect(await bad({ role_id: roles.primary, role_selection: { selector_role_id: roles.manager } })).toEqual({ 'sessions.0.memberships.1.role_selection': 'the participant cannot be chosen by a role selection' });
    expect(await bad({ role_id: roles.buddy, role_selection: { channel_id: 'C0NOSUCH', selector_id: lena } })).toEqual({ 'sessions.0.memberships.1.role_selection': 'choose a selector or a channel, not both' });
    expect(await bad({ role_id: roles.buddy, role_selection: { channel_id: 'C0NOSUCH' } })).toEqual({ 'sessions.0.memberships.1.role_selection.channel_id': 'C0NOSUCH is not a channel of this workspace' });
    expect(await bad({ role_id: roles.buddy, role_selection: { selector_role_id: 999_999 } })).toEqual({ 'sessions.0.memberships.1.role_selection.selector_role_id': 'role 999999 is not a role of this workspace' });
    const globexMember = (await db().selectFrom('members').select('id').where('slack_user_id', '=', GLOBEX.adminUserId).executeTakeFirstOrThrow()).id;
    expect(await bad({ role_id: roles.buddy, role_selection: { selector_id: globexMember } })).toEqual({ 'sessions.0.memberships.1.role_selection.selector_id': `user ${globexMember} is not a member of this workspace` });
    expect(Object.keys(await bad({ role_id: roles.buddy, role_selection: { channel_id: 'not a channel' } }))).toEqual(['sessions.0.memberships.1.role_selection.channel_id']);
    expect(await sessionsOf(carlos)).toEqual([]);

    // preserve: the saved session keeps its manager and buddy selection, whatever the rows say…
    const edit = (preserve: boolean | undefined, memberships: unknown[]) =>
      call<{ status_id: number }>(admin, 'POST', `/onboarding/tags/${tagId}/manual_enrollment`, { sessions: [{ id: n.session.id, start_date: '2026-03-16', tag_ids: [tagId], memberships: [{ role_id: roles.primary, user_id: noah }, ...memberships] }], ...(preserve === undefined ? {} : { preserve }) });
    const changed = [{ role_id: roles.manager, user_id: carlos }, { role_id: roles.buddy, role_selection: { selector_id: admin.memberId } }];
    expect(await statusOf((await edit(true, changed)).status_id)).toEqual({ status: 'success', error: null });
    const kept = await membershipsOf(noah);
    expect(kept.session.start_date).toBe('2026-03-16');
    expect(kept.byRole(roles.manager)).toEqual([{ member_id: lena, role_selection: null }]);
    expect(kept.byRole(roles.buddy)).toEqual([{ member_id: null, role_selection: { selector_id: null, selector_role_id: roles.manager } }]);
    // …and without it the rows replace them: a new manager, a new selector, a role listed empty is emptied.
    expect(await statusOf((await edit(undefined, changed)).status_id)).toEqual({ status: 'success', error: null });
    const replaced = await membershipsOf(noah);
    expect(replaced.byRole(roles.manager)).toEqual([{ member_id: carlos, role_selection: null }]);
    expect(replaced.byRole(roles.buddy)).toEqual([{ member_id: null, role_selection: { selector_id: admin.memberId, selector_role_id: null } }]);
    expect(replaced.byRole(roles.primary)).toEqual([{ member_id: noah, role_selection: null }]);
    expect(await statusOf((await edit(false, [{ role_id: roles.buddy }])).status_id)).toEqual({ status: 'success', error: null });
    const emptied = await membershipsOf(noah);
    expect(emptied.byRole(roles.buddy)).toEqual([]);
    expect(emptied.byRole(roles.manager)).toEqual([{ member_id: carlos, role_selection: null }]);
  });

  it('opens a saved session as a form row and changes it while it has not started; a started one is refused by field', async () => {
    const olivia = await memberId('U0DEMO023');
    const aisha = await memberId('U0DEMO025');
    const lena = await memberId(LENA);
    const { status_id } = await call<{ status_id: number }>(admin, 'POST', `/onboarding/tags/${tagId}/manual_enrollment`, {
      sessions: [
        { start_date: '2026-04-06', tag_ids: [tagId], time_zone_name: 'Europe/Berlin', memberships: [{ role_id: roles.primary, user_id: olivia }, { role_id: roles.buddy, role_selection: { selector_role_id: roles.manager } }] },
        { start_date: '2026-02-02', tag_ids: [tagId], memberships: [{ role_id: roles.primary, user_id: aisha }] },
      ],
    });
    expect(await statusOf(status_id)).toEqual({ status: 'success', error: null });
    const [scheduled] = await sessionsOf(olivia);
    const [started] = await sessionsOf(aisha);

    const saved = await call<SavedSessionAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/manual_enrollment/sessions/${scheduled!.id}`);
    expect(saved.editable).toBe(true);
    expect(saved.session).toMatchObject({ id: scheduled!.id, start_date: '2026-04-06', tag_ids: [tagId], time_zone_name: 'Europe/Berlin' });
    expect(saved.session.memberships).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role_id: roles.primary, user_id: olivia, user_name: 'Olivia Brown' }),
        expect.objectContaining({ role_id: roles.buddy, user_id: null, role_selection: { selector_id: null, selector_role_id: roles.manager } }),
      ]),
    );
    expect((await call<SavedSessionAnswer>(admin, 'GET', `/onboarding/manual_enrollment/sessions/${started!.id}`)).editable).toBe(false);

    // Changed as the form sends it back: a new date and zone, the buddy now a person.
    const row = { id: saved.session.id, start_date: '2026-04-13', tag_ids: [tagId], time_zone_name: 'Europe/Paris', memberships: [{ role_id: roles.primary, user_id: olivia }, { role_id: roles.buddy, user_id: lena }] };
    expect(await statusOf((await call<{ status_id: number }>(admin, 'POST', `/onboarding/tags/${tagId}/manual_enrollment`, { sessions: [row], preserve: false })).status_id)).toEqual({ status: 'success', error: null });
    const reopened = await call<SavedSessionAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/manual_enrollment/sessions/${scheduled!.id}`);
    expect(reopened.session).toMatchObject({ start_date: '2026-04-13', time_zone_name: 'Europe/Paris' });
    expect(reopened.session.memberships.filter((m) => m.role_id === roles.buddy)).toEqual([expect.objectContaining({ user_id: lena, role_selection: null })]);
    expect(await sessionsOf(olivia)).toHaveLength(1);

    // Validated as a new row is, and a started session is refused by field.
    const fields = async (body: unknown) => (await call<{ fields: Record<string, string> }>(admin, 'POST', `/onboarding/tags/${tagId}/manual_enrollment`, body, 400)).fields;
    expect(await fields({ sessions: [{ ...row, start_date: '2026-13-01' }] })).toEqual({ 'sessions.0.start_date': 'is not a real date' });
    expect(await fields({ sessions: [{ ...row, time_zone_name: 'Nowhere/Land' }] })).toEqual({ 'sessions.0.time_zone_name': 'is not a known time zone' });
    expect(await fields({ sessions: [{ ...row, id: started!.id }] })).toEqual({ 'sessions.0.id': 'has already started or ended, so it cannot be changed here' });
    expect(Object.keys(await fields({ sessions: [{ ...row, id: 999_999 }] }))).toEqual(['sessions.0.id']);
    await call(admin, 'GET', `/onboarding/manual_enrollment/sessions/not-a-number`, undefined, 400);
    await call(admin, 'GET', `/participants/manual_enrollment/sessions/${scheduled!.id}`, undefined, 404);
    const globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await call(globex, 'GET', `/onboarding/manual_enrollment/sessions/${scheduled!.id}`, undefined, 404);
    await call(await signIn(t, TEAM, ROHAN), 'GET', `/onboarding/manual_enrollment/sessions/${scheduled!.id}`, undefined, 403);
  });

  it('writes none of a batch when one row fails in the job, and records why', async () => {
    const before = await db().selectFrom('journey_sessions').select('id').execute();
    const rohan = await memberId(ROHAN);
    const gone = await memberId(ACME.deactivatedUserId);
    // Checked at submit, the deactivated person is refused at once (a 400 naming the row)…
    const refused = await call<{ error: string; fields: Record<string, string> }>(
      admin,
      'POST',
      '/onboarding/manual_enrollment',
      {
        sessions: [
          { start_date: '2026-03-09', tag_ids: [tagId], memberships: [{ role_id: roles.primary, user_id: rohan }] },
          { start_date: '2026-03-09', tag_ids: [tagId], memberships: [{ role_id: roles.primary, user_id: gone }] },
        ],
      },
      400,
    );
    expect(refused.fields).toEqual({ 'sessions.1.memberships': `user ${gone} is not a member of this workspace` });
    // …and when a row goes bad between the submit and the job, the job writes none of the rows.
    const batch = await db()
      .insertInto('enrollment_batches')
      .values({
        workspace_id: await wsId(),
        flow: 'onboarding',
        tag_id: null,
        source: 'csv',
        payload: JSON.stringify({ sessions: [{ start_date: '2026-03-09', tag_ids: [tagId], memberships: [{ role_id: roles.primary, user_id: rohan }] }, { start_date: '2026-03-09', tag_ids: [tagId], memberships: [{ role_id: roles.primary, user_id: gone }] }] }),
        error: null,
        created_by_member_id: admin.memberId,
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.services.queue.enqueue(enrollmentUpsert, { workspaceId: await wsId(), batchId: batch.id });
    const status = await statusOf(batch.id);
    expect(status.status).toBe('error');
    expect(status.error).toContain('Row 2');
    expect(await db().selectFrom('journey_sessions').select('id').execute()).toEqual(before);
    expect(await eventsOf('enrollment.failed')).toEqual([expect.objectContaining({ batchId: batch.id, source: 'csv', reason: status.error })]);
  });

  it('refuses more than 2000 rows with the spec text, bad fields by name, and other workspaces', async () => {
    const row = { start_date: '2026-03-09', tag_ids: [tagId], memberships: [{ role_id: roles.primary, email: 'x@example.com' }] };
    const tooMany = await call<{ error: string }>(admin, 'POST', '/onboarding/manual_enrollment', { sessions: Array.from({ length: 2001 }, () => row) }, 400);
    expect(tooMany.error).toBe(TOO_MANY_ROWS_TEXT);
    const badDate = await call<{ fields: Record<string, string> }>(admin, 'POST', '/onboarding/manual_enrollment', { sessions: [{ ...row, start_date: '2026-02-30' }] }, 400);
    expect(badDate.fields).toEqual({ 'sessions.0.start_date': 'is not a real date' });
    const badZone = await call<{ fields: Record<string, string> }>(admin, 'POST', '/onboarding/manual_enrollment', { sessions: [{ ...row, time_zone_name: 'Mars/Base' }] }, 400);
    expect(badZone.fields).toEqual({ 'sessions.0.time_zone_name': 'is not a known time zone' });
    const wrongFlow = await call<{ fields: Record<string, string> }>(admin, 'POST', '/participants/manual_enrollment', { sessions: [row] }, 400);
    expect(Object.keys(wrongFlow.fields)).toEqual(['sessions.0.tag_ids']);
    await call(admin, 'POST', '/onboarding/manual_enrollment', { sessions: [{ ...row, memberships: [{ role_id: roles.primary, email: 'not-an-email' }] }] }, 400);
    const tooManyEmails = Array.from({ length: 51 }, (_, i) => `p${i}@example.com`).join(',');
    await call(admin, 'GET', `/onboarding/users/from_email?emails=${encodeURIComponent(tooManyEmails)}`, undefined, 400);

    const globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await call(globex, 'POST', `/onboarding/tags/${tagId}/manual_enrollment`, { sessions: [row] }, 404);
    await call(globex, 'GET', '/onboarding/manual_enrollment/upsert_status/1', undefined, 404);
    await call(globex, 'GET', `/onboarding/tags/${tagId}/batches`, undefined, 404);
    const member = await signIn(t, TEAM, ROHAN);
    await call(member, 'POST', '/onboarding/manual_enrollment', { sessions: [row] }, 403);
  });

  it('from one journey’s page, changes only journeys the member may edit', async () => {
    // Rohan owns a journey of his own; the admin's journey (tagId) is not his.
    const own = await call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', { channel_id: ACME.channels.general, onboarding_tag: { name: 'Rohan’s onboarding', flow_type: 'onboarding', preset_bundle_id: 1 }, source: 'one_click' });
    const rohan = await signIn(t, TEAM, ROHAN);
    await db().updateTable('journey_tags').set({ created_by_member_id: rohan.memberId }).where('id', '=', own.tag.id).execute();
    const row = (tag: number, email: string) => ({ start_date: '2026-03-09', tag_ids: [tag], memberships: [{ role_id: roles.primary, email }] });
    const base = `/onboarding/tags/${own.tag.id}/manual_enrollment`;

    await call(rohan, 'POST', base, { sessions: [row(own.tag.id, 'own@example.com')] });
    const refused = await call<{ error: string }>(rohan, 'POST', base, { sessions: [row(own.tag.id, 'both@example.com'), row(tagId, 'other@example.com')] }, 403);
    expect(refused.error).toBe('You can’t change the journey “Engineering onboarding”');
    const others = await db().selectFrom('journey_sessions').select('id').where('tag_id', '=', tagId).execute();
    expect(others.length).toBeGreaterThan(0);
    await call(rohan, 'POST', base, { sessions: [], session_ids_to_delete: [others[0]!.id] }, 403);
    expect(await db().selectFrom('journey_sessions').select('id').where('id', '=', others[0]!.id).executeTakeFirst()).toBeDefined();
  });

  it('looks people up by email and finds their manager from the HR system, else member data', async () => {
    const lena = await db().selectFrom('members').select(['id', 'email']).where('slack_user_id', '=', LENA).executeTakeFirstOrThrow();
    const found = await call<{ users: Array<{ id: number; email: string }> }>(admin, 'GET', `/onboarding/users/from_email?emails=${encodeURIComponent(`${lena.email!.toUpperCase()},nobody@example.com`)}`);
    expect(found.users).toEqual([expect.objectContaining({ id: lena.id, email: lena.email!.toLowerCase() })]);
    const jonas = await db().selectFrom('members').select(['id', 'email']).where('slack_user_id', '=', JONAS).executeTakeFirstOrThrow();
    await db().insertInto('member_relationships').values({ workspace_id: await wsId(), member_id: jonas.id, kind: 'manager', related_member_id: lena.id, updated_at: new Date() }).execute();
    expect(await call(admin, 'GET', `/hris/manager?email=${encodeURIComponent(jonas.email!)}`)).toMatchObject({ success: true, manager: { id: lena.id } });
    expect(await call(admin, 'GET', '/hris/manager?email=nobody%40example.com')).toMatchObject({ success: false });
    // Once an HR system is linked, its synced data names the manager (the manual enrollment's HR-manager import),
    // also for someone who set none on their profile.
    const maya = await db().selectFrom('members').select(['id', 'email']).where('slack_user_id', '=', 'U0DEMO013').executeTakeFirstOrThrow();
    const kai = await db().selectFrom('members').select(['id', 'email']).where('slack_user_id', '=', 'U0DEMO012').executeTakeFirstOrThrow();
    expect(await call(admin, 'GET', `/hris/manager?email=${encodeURIComponent(maya.email!)}`)).toMatchObject({ success: false });
    const now = new Date();
    const hris = await db()
      .insertInto('hris_identities')
      .values({ workspace_id: await wsId(), provider: 'merge', integration_name: 'BambooHR', integration_slug: 'bamboohr', account_token_enc: 'sealed', state: 'active', creator_id: null, owner_id: null, hris_sync_data: JSON.stringify({}), last_error: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const person = (email: string, manager: string, memberId: number) => ({ workspace_id: 0, source: 'hris' as const, identity_id: hris.id, remote_id: email, email: email.toUpperCase(), start_date: null, birthday: null, department: null, location: null, job_title: null, manager_email: manager, attributes: JSON.stringify({}), employment_status: 'ACTIVE', member_id: memberId, new_hire_at: null, updated_at: now });
    const ws = await wsId();
    await db().insertInto('integration_people').values([{ ...person(maya.email!, kai.email!, maya.id), workspace_id: ws }, { ...person(jonas.email!, kai.email!, jonas.id), workspace_id: ws }]).execute();
    expect(await call(admin, 'GET', `/hris/manager?email=${encodeURIComponent(maya.email!)}`)).toMatchObject({ success: true, manager: { id: kai.id } });
    expect(await call(admin, 'GET', `/hris/manager?email=${encodeURIComponent(jonas.email!)}`)).toMatchObject({ success: true, manager: { id: kai.id } });
    // A new hire picked from Slack has no typed email: the row asks by member id, answered the same way.
    expect(await call(admin, 'GET', `/hris/manager?user_id=${maya.id}`)).toMatchObject({ success: true, manager: { id: kai.id } });
    await db().deleteFrom('integration_people').where('identity_id', '=', hris.id).execute();
    await db().deleteFrom('hris_identities').where('id', '=', hris.id).execute();
    expect(await call(admin, 'GET', `/hris/manager?user_id=${jonas.id}`)).toMatchObject({ success: true, manager: { id: lena.id } });
    expect((await call<{ fields: Record<string, string> }>(admin, 'GET', '/hris/manager', undefined, 400)).fields).toEqual({ email: 'give the person’s email or user_id' });
    // Another workspace's member id is a field error, not a lookup in that workspace.
    const globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    expect((await call<{ fields: Record<string, string> }>(globex, 'GET', `/hris/manager?user_id=${jonas.id}`, undefined, 400)).fields).toEqual({ user_id: `user ${jonas.id} is not a member of this workspace` });
  });

  it('people lookups and a batch’s status are for those who enrol, not for every member', async () => {
    const lena = await db().selectFrom('members').select(['id', 'email']).where('slack_user_id', '=', LENA).executeTakeFirstOrThrow();
    const plain = await signIn(t, TEAM, 'U0DEMO019');
    // Refused before the query is read: a plain member learns neither emails, managers nor the field list.
    const lookup = await call<{ error: string; fields?: unknown }>(plain, 'GET', `/onboarding/users/from_email?emails=${encodeURIComponent(lena.email!)}`, undefined, 403);
    expect(lookup).toEqual({ error: 'Only workspace admins and those who run a journey can look people up to enrol them' });
    await call(plain, 'GET', '/onboarding/users/from_email', undefined, 403);
    await call(plain, 'GET', `/hris/manager?user_id=${lena.id}`, undefined, 403);
    await call(plain, 'GET', '/hris/manager', undefined, 403);
    // A journey's permission user enrols from their journey's page, so they may look people up.
    const hannah = await signIn(t, TEAM, 'U0DEMO016');
    await call(admin, 'PUT', `/onboarding/tags/${tagId}`, { onboarding_tag: { permission_user_ids: [hannah.memberId] } });
    expect((await call<{ users: Array<{ id: number }> }>(hannah, 'GET', `/onboarding/users/from_email?emails=${encodeURIComponent(lena.email!)}`)).users).toEqual([expect.objectContaining({ id: lena.id })]);
    await call(hannah, 'GET', `/hris/manager?user_id=${lena.id}`);
    // A batch's status: its submitter, admins, and who may edit its journey; not found for anyone else.
    const batch = await db().selectFrom('enrollment_batches').select('id').where('workspace_id', '=', await wsId()).where('created_by_member_id', '=', admin.memberId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await call(admin, 'GET', `/onboarding/manual_enrollment/upsert_status/${batch.id}`);
    await call(plain, 'GET', `/onboarding/manual_enrollment/upsert_status/${batch.id}`, undefined, 404);
    await call(plain, 'GET', `/onboarding/batches?batch_id=${batch.id}`, undefined, 403);
    await call(admin, 'PUT', `/onboarding/tags/${tagId}`, { onboarding_tag: { permission_user_ids: [] } });
  });

  it('enrols a new hire from the HR system by an enrollment rule (OR within a group, AND across)', async () => {
    await call(admin, 'PUT', '/onboarding/enrollment_rules', {
      enrollment_rules: [
        {
          integration_identity_type: 'HrisIdentity',
          integration_identity_id: null,
          tag_ids: [tagId],
          processing_rule: { version: 1, groups: [{ formulas: [{ type: 'department', operator: 'equals', value: 'Engineering' }, { type: 'department', operator: 'equals', value: 'Data' }] }, { formulas: [{ type: 'employment_type', operator: 'equals', value: 'full-time' }] }] },
        },
      ],
    });
    const settings = await call<{ enrollment_source: string }>(admin, 'GET', '/onboarding/enrollment_settings');
    expect(settings.enrollment_source).toBe('rules');
    const maya = await db().selectFrom('members').select(['id', 'email']).where('slack_user_id', '=', MAYA).executeTakeFirstOrThrow();
    const hire = { source: 'hris' as const, identityId: 1, firstName: 'Maya', lastName: 'Goldberg', startDate: '2026-03-23' };
    const ws = await wsId();
    await t.services.events.transaction(async (_trx, emit) => {
      emit(event(newHire, ws, { ...hire, email: 'contractor@example.com', attributes: { Department: 'Engineering', employment_type: 'Contractor' } }));
      emit(event(newHire, ws, { ...hire, email: maya.email!, attributes: { Department: 'Engineering', employment_type: 'Full-time' } }));
    });
    await settle();
    await expect.poll(async () => (await sessionsOf(maya.id)).length, { timeout: 15_000 }).toBe(1);
    expect((await sessionsOf(maya.id))[0]!.start_date).toBe('2026-03-23');
    expect(await eventsOf('enrollment.enrolled')).toContainEqual(expect.objectContaining({ memberId: maya.id, source: 'rule' }));
    expect(await db().selectFrom('enrollments').select('id').where('email', '=', 'contractor@example.com').execute()).toEqual([]);
  });

  it('saves HR mappings and exclusions, refusing bad ones by field', async () => {
    const patch = (over: Record<string, unknown>, status?: number) =>
      call<{ fields: Record<string, string>; mappings: unknown[]; exclusions: unknown[]; default_tag_ids: number[] }>(admin, 'PATCH', '/onboarding/tags/hris_category_mappings/bulk_update', { enrollment_source: 'none', default_tag_ids: [], mappings: [], ...over }, status);
    expect((await patch({ enrollment_source: 'sometimes' }, 400)).fields).toEqual({ enrollment_source: 'must be none or auto_enroll' });
    expect((await patch({ mappings: [{ hris_type: 'department', hris_value: ' ', target_ids: [tagId] }] }, 400)).fields).toEqual({ 'mappings.0.hris_value': "can't be blank" });
    expect((await patch({ mappings: [{ hris_type: 'department', hris_value: 'Data', target_ids: [999_999] }] }, 400)).fields).toEqual({ 'mappings.0.target_ids': "journey 999999 is not one of this workspace's journeys" });
    expect((await patch({ default_tag_ids: [999_999] }, 400)).fields).toEqual({ default_tag_ids: "journey 999999 is not one of this workspace's journeys" });
    expect(Object.keys((await patch({ exclusions: [{ hris_type: '', hris_value: 'x' }] }, 400)).fields)).toEqual(['exclusions.0.hris_type']);
    const saved = await patch({ mappings: [{ hris_type: 'department', hris_value: 'Data', target_ids: [tagId] }], exclusions: [{ hris_type: 'employment_type', hris_value: 'Contractor' }], default_tag_ids: [tagId] });
    expect(saved).toMatchObject({ mappings: [{ hris_type: 'department', hris_value: 'Data', target_ids: [tagId] }], exclusions: [{ hris_type: 'employment_type', hris_value: 'Contractor' }], default_tag_ids: [tagId] });
  });

  it('enrols whoever joins an auto-enroll channel, once', async () => {
    const channel = ACME.channels.newHires;
    const saved = await call<{ channels: Array<{ channel_id: string; start_date_rule: string }> }>(admin, 'PUT', `/onboarding/tags/${tagId}/auto_enroll_channels/bulk_update`, { channels: [{ channel_id: channel, start_date_rule: 'next_monday' }] });
    expect(saved.channels).toEqual([expect.objectContaining({ channel_id: channel, start_date_rule: 'next_monday' })]);
    const bad = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/onboarding/tags/${tagId}/auto_enroll_channels/bulk_update`, { channels: [{ channel_id: 'C0NOPE' }] }, 400);
    expect(Object.keys(bad.fields)).toEqual(['channels.0.channel_id']);
    const rohan = await memberId(ROHAN);
    for (let i = 0; i < 2; i++) await t.api('POST', '/sandbox/events', { team_id: TEAM, event: { type: 'member_joined_channel', user: ROHAN, channel, channel_type: 'C', team: TEAM } });
    await settle();
    const sessions = await sessionsOf(rohan);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.start_date).toBe('2026-03-09');
  });

  it('lets a member enrol themselves, once, with the server explaining why not', async () => {
    const kai = await signIn(t, TEAM, 'U0DEMO012');
    const journey = { id: tagId, name: 'Engineering onboarding' };
    // Not open until an admin turns self-enrollment on: the server says why.
    expect(await call(kai, 'GET', `/onboarding/tags/${tagId}/self_enroll_validation`)).toEqual({ valid: false, displayError: "Engineering onboarding isn't open to join yourself. Ask its admins to enroll you.", already_enrolled: false, journey });
    const closed = await call<{ displayError: string }>(kai, 'POST', `/onboarding/tags/${tagId}/self_enroll`, {}, 422);
    expect(closed.displayError).toBe("Engineering onboarding isn't open to join yourself. Ask its admins to enroll you.");
    await call(kai, 'PUT', `/onboarding/tags/${tagId}/self_enroll_settings`, { enabled: true }, 403);
    const bad = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/onboarding/tags/${tagId}/self_enroll_settings`, { enabled: 'yes' }, 400);
    expect(bad.fields).toEqual({ enabled: 'must be true or false' });
    const on = await call<{ enabled: boolean; link: string; joined: unknown[] }>(admin, 'PUT', `/onboarding/tags/${tagId}/self_enroll_settings`, { enabled: true });
    expect(on).toEqual({ enabled: true, link: `${t.url}/onboarding/tags/${tagId}/join`, joined: [] });
    expect(await call(kai, 'GET', `/onboarding/tags/${tagId}/self_enroll_validation`)).toEqual({ valid: true, displayError: null, already_enrolled: false, journey });
    expect(await call(kai, 'POST', `/onboarding/tags/${tagId}/self_enroll`, {})).toMatchObject({ success: true });
    const again = await call<{ displayError: string }>(kai, 'POST', `/onboarding/tags/${tagId}/self_enroll`, {}, 422);
    expect(again.displayError).toBe("You're already on Engineering onboarding");
    await call(kai, 'POST', `/onboarding/tags/${tagId}/self_test`, {}, 403);
    // The journey shows who joined it themselves.
    const settings = await call<{ joined: Array<{ slack_user_id: string }> }>(admin, 'GET', `/onboarding/tags/${tagId}/self_enroll_settings`);
    expect(settings.joined.map((j) => j.slack_user_id)).toEqual(['U0DEMO012']);

    // From Slack: `/hearth join` lists what Grace may join, its button enrols her, and the Home tab lists it too.
    const slashJoin = async (user: string) => t.api<{ text: string; blocks?: unknown[] }>('POST', '/sandbox/commands', { team_id: TEAM, user_id: user, channel_id: t.sandbox.state.openConversation(TEAM, ACME.botUserId, [user]).channel.id, text: '/hearth join' });
    const listed = JSON.stringify(await slashJoin('U0DEMO027'));
    expect(listed).toContain('Engineering onboarding');
    expect(listed).toContain(`"value":"${tagId}"`);
    await t.api('POST', '/sandbox/home/open', { team_id: TEAM, user_id: 'U0DEMO027' });
    await settle();
    const { view } = await t.api<{ view: { id: string } }>('GET', `/sandbox/home?team=${TEAM}&user=U0DEMO027`);
    expect(JSON.stringify(view)).toContain('Journeys you can join');
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: 'U0DEMO027', view_id: view.id, action_id: `enrollment_self_join:${tagId}` });
    await settle();
    expect(await sessionsOf(await memberId('U0DEMO027'))).toHaveLength(1);
    const dm = t.sandbox.state.messageList(t.sandbox.state.openConversation(TEAM, ACME.botUserId, ['U0DEMO027']).channel.id).filter((m) => m.bot_id);
    expect(dm.at(-1)!.text).toMatch(/^:tada: You've joined \*Engineering onboarding\*\. Your first messages arrive here, starting /);
    // The Home tab was redrawn without it.
    await expect.poll(async () => JSON.stringify((await t.api<{ view: unknown }>('GET', `/sandbox/home?team=${TEAM}&user=U0DEMO027`)).view)).not.toContain(`enrollment_self_join:${tagId}`);
    expect(JSON.stringify(await slashJoin('U0DEMO027'))).not.toContain(`"value":"${tagId}"`);
  });

  it('shares a two-role survey to Slack: answers in the modal enrol, and mentors are matched by the pairing engine', async () => {
    const created = await call<{ enrollment_survey: EnrollmentSurveyJson }>(admin, 'POST', `/onboarding/tags/${tagId}/enrollment_surveys`, {
      enrollment_survey: {
        name: 'Buddy matching',
        role_enrollment_surveys: [
          { role_id: roles.primary, questions: [{ input_type: 'radio', query: 'Which area?', optional: false, options: [{ text: 'Backend' }, { text: 'Frontend' }] }] },
          { role_id: roles.buddy, questions: [{ input_type: 'radio', query: 'Which area?', optional: false, options: [{ text: 'Backend' }, { text: 'Frontend' }] }] },
        ],
      },
    });
    const survey = created.enrollment_survey;
    const badSurvey = await call<{ fields: Record<string, string> }>(admin, 'POST', `/onboarding/tags/${tagId}/enrollment_surveys`, { enrollment_survey: { name: 'x', role_enrollment_surveys: [{ role_id: roles.primary, questions: [{ input_type: 'checkbox', query: 'Pick', options: [{ text: 'one' }, { text: ' ' }] }] }] } }, 400);
    expect(badSurvey.fields).toEqual({ 'enrollment_survey.role_enrollment_surveys.0.questions.0.options': 'needs at least two options' });

    const mentee = 'U0DEMO014';
    const mentor = 'U0DEMO007';
    const shared = await call<{ num_sent: number }>(admin, 'POST', `/onboarding/tags/${tagId}/enrollment_surveys/${survey.id}/share_to_slack_as_json`, { channel_ids: [], user_ids: [await memberId(mentee), await memberId(mentor)], start_date: '2026-03-09' });
    expect(shared.num_sent).toBe(2);
    await settle();
    const answer = async (user: string, button: number, area: string) => {
      const dm = t.sandbox.state.openConversation(TEAM, ACME.botUserId, [user]).channel.id;
      await expect.poll(() => t.sandbox.state.messageList(dm).filter((m) => m.bot_id).length, { timeout: 10_000 }).toBe(1);
      const invite = t.sandbox.state.messageList(dm).filter((m) => m.bot_id)[0]!;
      await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: user, channel_id: dm, message_ts: invite.ts, action_id: `enrollment_survey_open:${button}` });
      const empty = await t.api<{ response_action: string; errors: Record<string, string> }>('POST', '/sandbox/views/submit', { team_id: TEAM, user_id: user, values: {} });
      expect(empty.response_action).toBe('errors');
      expect(Object.keys(empty.errors)).toEqual(['q0']);
      await t.api('POST', '/sandbox/views/submit', { team_id: TEAM, user_id: user, values: { q0: { answer: area } } });
      await settle();
      // The invitation's buttons gave way to the answer.
      const answered = t.sandbox.state.messageList(dm).filter((m) => m.bot_id)[0]!;
      expect(JSON.stringify(answered.blocks)).not.toContain('enrollment_survey_open');
      return JSON.stringify(answered.blocks);
    };
    expect(await answer(mentee, 0, '0')).toContain("You're signed up for *");
    expect(await answer(mentor, 1, '0')).toContain('Thanks, your answers as Buddy are in.');
    const menteeId = await memberId(mentee);
    const [session] = await sessionsOf(menteeId);
    expect(session).toMatchObject({ start_date: '2026-03-09' });
    expect(await sessionsOf(await memberId(mentor))).toEqual([]);
    // The journey's list of surveys says each one's share state and how many answered.
    const list = await call<{ enrollment_surveys: Array<{ id: number; shares: number; last_shared_at: string | null; responses: number }> }>(admin, 'GET', `/onboarding/tags/${tagId}/enrollment_surveys`);
    expect(list.enrollment_surveys.find((x) => x.id === survey.id)).toMatchObject({ shares: 1, last_shared_at: expect.any(String), responses: 2 });

    const responses = await call<SurveyResponsesAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/enrollment_surveys/${survey.id}/responses`);
    const a = responses.submissions.find((s) => s.role_id === roles.primary)!;
    const b = responses.submissions.find((s) => s.role_id === roles.buddy)!;
    expect(a.answers).toEqual({ 0: 'Backend' });
    expect(a.session_id).toBe(session!.id);
    expect(responses.suggested).toEqual([{ primary_submission_id: a.id, matched_submission_id: b.id }]);
    const matched = await call<SurveyResponsesAnswer>(admin, 'PUT', `/onboarding/tags/${tagId}/enrollment_surveys/${survey.id}/responses`, { matches: [{ primary_submission_id: a.id, matched_submission_id: b.id, session_id: session!.id }] });
    expect(matched.submissions.find((s) => s.id === a.id)!.matched_submission_id).toBe(b.id);
    const buddy = await db().selectFrom('journey_memberships').selectAll().where('session_id', '=', session!.id).where('role_id', '=', roles.buddy).execute();
    expect(buddy.map((m) => m.member_id)).toContain(await memberId(mentor));

    // Bad matches are refused by field, and another workspace sees none of it.
    const badMatch = (matches: unknown) => call<{ fields: Record<string, string> }>(admin, 'PUT', `/onboarding/tags/${tagId}/enrollment_surveys/${survey.id}/responses`, { matches }, 400);
    expect((await badMatch([{ primary_submission_id: b.id, matched_submission_id: a.id }])).fields).toEqual({ 'matches.0.primary_submission_id': 'is not an answer of the first role' });
    expect((await badMatch([{ primary_submission_id: a.id, matched_submission_id: a.id }])).fields).toEqual({ 'matches.0.matched_submission_id': 'is not an answer of the second role' });
    expect(Object.keys((await badMatch([{ primary_submission_id: 'x', matched_submission_id: b.id }])).fields)).toEqual(['matches.0.primary_submission_id']);
    const globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await call(globex, 'GET', `/onboarding/tags/${tagId}/enrollment_surveys/${survey.id}/responses`, undefined, 404);
  });
});
