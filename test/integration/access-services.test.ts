import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { enrolJonas, JONAS, LENA } from './hub-support.js';
import { member, type Client } from './members-support.js';

/**
 * Access is checked once, in the service, before the body is read (issue 29): someone who may not act at all gets
 * a 403 that names no field, and previews and dry runs (what Hearth would send someone) are for those who run the
 * journey or the program.
 */
describe(`Access in the services, before the body (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let admin: Client;
  let owner: Client;
  let permissionUser: Client;
  let manager: Client;
  let plain: Client;
  let tagId: number;
  let eventId: number;
  let jonasId: number;
  let watercooler: number;
  let intros: number;

  beforeAll(async () => {
    t = await startSandboxHearth();
    // A journey with Jonas's session (Lena his manager), Hannah on its permission users; Diego owns channel programs.
    const journey = await enrolJonas(t);
    tagId = journey.tagId;
    eventId = journey.session.session_events[0]!.event_id;
    jonasId = await journey.memberId(JONAS);
    admin = await member(t, ACME.teamId, ACME.adminUserId);
    owner = await member(t, ACME.teamId, 'U0DEMO014');
    permissionUser = await member(t, ACME.teamId, 'U0DEMO016');
    manager = await member(t, ACME.teamId, LENA);
    plain = await member(t, ACME.teamId, 'U0DEMO012');
    await admin.call('PUT', `/onboarding/tags/${tagId}`, { onboarding_tag: { permission_user_ids: [permissionUser.memberId] } });
    watercooler = (await owner.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.watercooler })).id;
    intros = (await owner.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
  }, 120_000);
  afterAll(() => t?.close());

  /** A 403 that says why and names no field. */
  const refused = async (c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const res = await c.call<Record<string, unknown>>(method, path, body, 403);
    expect(res).not.toHaveProperty('fields');
    return res;
  };

  it("a journey's dry run and previews are for those who run it, not its session's people nor plain members", async () => {
    const dryRun = `/onboarding/tags/${tagId}/dry_run?user_id=${jonasId}`;
    const preview = `/onboarding/events/${eventId}/preview?user_id=${jonasId}`;
    const draft = { onboarding_schedule_event: { kind: 'message', title: 'Hi', text: 'Welcome {{first_name}}' }, user_id: jonasId };
    for (const c of [plain, manager, owner]) {
      await refused(c, 'GET', dryRun);
      await refused(c, 'GET', preview);
      await refused(c, 'POST', `/onboarding/tags/${tagId}/events/preview`, draft);
      await refused(c, 'GET', `/onboarding/tags/${tagId}/site`);
      // Refused before the query is read: a bad value is not a 400 that shows the field.
      await refused(c, 'GET', `/onboarding/tags/${tagId}/dry_run?time_zone=Mars/Base`);
    }
    for (const c of [admin, permissionUser]) {
      const run = await c.call<{ participant: { id: number } | null; items: unknown[] }>('GET', dryRun);
      expect(run.participant?.id).toBe(jonasId);
      expect(run.items.length).toBeGreaterThan(0);
      expect((await c.call<{ blocks: unknown[] }>('GET', preview)).blocks.length).toBeGreaterThan(0);
      expect((await c.call<{ blocks: unknown[] }>('POST', `/onboarding/tags/${tagId}/events/preview`, draft)).blocks.length).toBeGreaterThan(0);
      await c.call('GET', `/onboarding/tags/${tagId}/site`);
      const bad = await c.call<{ fields: Record<string, string> }>('GET', `/onboarding/tags/${tagId}/dry_run?time_zone=Mars/Base`, undefined, 400);
      expect(bad.fields).toHaveProperty('time_zone');
    }
    // The journey's page asks the server whether to show its tabs and buttons: only to those who run it.
    for (const [c, can] of [[admin, true], [permissionUser, true], [owner, false], [manager, false], [plain, false]] as const)
      expect((await c.call<{ can_edit: boolean }>('GET', `/onboarding/tags/${tagId}`)).can_edit).toBe(can);
  });

  it('the Watercooler refuses a member who may not change it before reading the body', async () => {
    const page = await owner.call<{ watercooler: { ordered_unsent_prompt_ids: number[] } }>('GET', `/watercooler/${watercooler}`);
    const queued = page.watercooler.ordered_unsent_prompt_ids[0]!;
    await refused(plain, 'GET', `/watercooler/${watercooler}`);
    await refused(plain, 'PUT', `/watercooler/${watercooler}/update_as_json`, { hour: 99 });
    await refused(plain, 'GET', `/watercooler/${watercooler}/suggest_prompts_as_json?limit=999`);
    await refused(plain, 'POST', `/watercooler/${watercooler}/prompt_adjustments/create_as_json`, { prompt_id: queued, kind: 'nope' });
    await refused(plain, 'POST', `/watercooler/${watercooler}/preview_as_json`, { prompt_id: 'x' });
    await refused(plain, 'POST', '/watercooler_prompts/create_as_json', { watercooler_id: watercooler, watercooler_prompt: '' });
    // The owner may: the same bad values are 400s naming the field.
    expect((await owner.call<{ fields: Record<string, string> }>('PUT', `/watercooler/${watercooler}/update_as_json`, { hour: 99 }, 400)).fields).toHaveProperty('hour');
    expect((await owner.call<{ fields: Record<string, string> }>('GET', `/watercooler/${watercooler}/suggest_prompts_as_json?limit=999`, undefined, 400)).fields).toHaveProperty('limit');
    expect((await owner.call<{ fields: Record<string, string> }>('POST', `/watercooler/${watercooler}/preview_as_json`, { prompt_id: 'x' }, 400)).fields).toHaveProperty('prompt_id');
  });

  it("a Watercooler's own prompts and custom packs: refused before their body is read", async () => {
    const { prompt } = await owner.call<{ prompt: { id: number } }>('POST', '/watercooler_prompts/create_as_json', { watercooler_id: watercooler, watercooler_prompt: { text: 'What made you smile this week?' } });
    await refused(plain, 'PUT', `/watercooler_prompts/${prompt.id}/update_as_json`, { watercooler_prompt: '' });
    await refused(plain, 'DELETE', `/watercooler_prompts/${prompt.id}/destroy_as_json`, { watercooler_id: 'x' });
    expect((await owner.call<{ fields: Record<string, string> }>('PUT', `/watercooler_prompts/${prompt.id}/update_as_json`, { watercooler_prompt: '' }, 400)).fields).toHaveProperty('watercooler_prompt');
    // Another watercooler's id in the body is not this prompt's.
    await owner.call('DELETE', `/watercooler_prompts/${prompt.id}/destroy_as_json`, { watercooler_id: intros }, 404);

    const { pack } = await owner.call<{ pack: { id: number } }>('POST', '/watercooler_packs/create_as_json', { watercooler_id: watercooler, watercooler_pack: { name: 'Team rituals', prompts: ['Best desk snack?'] } });
    await refused(plain, 'PUT', `/watercooler_packs/${pack.id}/update_as_json`, { watercooler_pack: {} });
    await refused(plain, 'POST', `/watercooler_packs/${pack.id}/prompts`, { text: '' });
    await refused(plain, 'PUT', `/watercooler_packs/${pack.id}/prompts/1/reorder`, { direction: 'sideways' });
    expect((await owner.call<{ fields: Record<string, string> }>('POST', `/watercooler_packs/${pack.id}/prompts`, { text: '' }, 400)).fields).toHaveProperty('text');
    const added = await owner.call<{ prompt: { id: number }; pack: { num_prompts: number } }>('POST', `/watercooler_packs/${pack.id}/prompts`, { text: 'Favourite office plant?' });
    expect(added.pack.num_prompts).toBe(2);
  });

  it('creating a pack: a member with no Watercooler of theirs gets a 403 without a field list, whatever the body', async () => {
    const noWatercooler = await refused(plain, 'POST', '/watercooler_packs/create_as_json', { watercooler_pack: { name: 'Mine' } });
    expect(noWatercooler.error).toBe('Choose a Watercooler you can change to add the pack to');
    await refused(plain, 'POST', '/watercooler_packs/create_as_json', { watercooler_pack: {} });
    await refused(plain, 'POST', '/watercooler_packs/create_as_json', { watercooler_id: watercooler, watercooler_pack: { name: '' } });
    // Those who may: the body's faults are named.
    expect((await owner.call<{ fields: Record<string, string> }>('POST', '/watercooler_packs/create_as_json', { watercooler_id: watercooler, watercooler_pack: { name: '' } }, 400)).fields).toHaveProperty(['watercooler_pack.name']);
    expect((await admin.call<{ fields: Record<string, string> }>('POST', '/watercooler_packs/create_as_json', { watercooler_pack: {} }, 400)).fields).toHaveProperty(['watercooler_pack.name']);
  });

  it("update_users_status: a member may change only their own status; anyone else's is refused before the body is read", async () => {
    await refused(plain, 'POST', `/coffee/${intros}/update_users_status`, { user_uids: [JONAS], status: 'bogus' });
    await refused(plain, 'POST', `/coffee/${intros}/update_users_status`, {});
    // Their own: the body is theirs to get wrong, and right.
    expect((await plain.call<{ fields: Record<string, string> }>('POST', `/coffee/${intros}/update_users_status`, { user_uids: [plain.slackUserId], status: 'bogus' }, 400)).fields).toHaveProperty('status');
    expect((await plain.call<{ updated: number }>('POST', `/coffee/${intros}/update_users_status`, { user_uids: [plain.slackUserId], status: 'opted_out' })).updated).toBe(1);
    expect((await owner.call<{ fields: Record<string, string> }>('POST', `/coffee/${intros}/update_users_status`, { user_uids: [JONAS], status: 'bogus' }, 400)).fields).toHaveProperty('status');
  });

  it("the workspace's data and its deletion: admins only, asked before a body or an upload is read", async () => {
    await refused(plain, 'GET', '/data/manifest_as_json');
    await refused(plain, 'GET', '/data/export/members.csv');
    await refused(owner, 'POST', '/workspace/delete_data_as_json', { confirm_name: 42 });
    const form = new FormData();
    form.set('file', new Blob(['Email,Partner Email\n']), 'donut.csv');
    const upload = await fetch(`${t.url}/data/import_donut`, { method: 'POST', headers: { cookie: plain.cookie, 'x-csrf-token': plain.csrf }, body: form });
    expect(upload.status).toBe(403);
    expect(await upload.json()).not.toHaveProperty('fields');
    expect((await admin.call<{ tables: unknown[] }>('GET', '/data/manifest_as_json')).tables.length).toBeGreaterThan(0);
    const csv = await fetch(`${t.url}/data/export/members.csv`, { headers: { cookie: admin.cookie } });
    expect(csv.status).toBe(200);
    expect((await csv.text()).split('\n')[0]).toContain('slack_user_id');
    expect((await admin.call<{ fields: Record<string, string> }>('POST', '/workspace/delete_data_as_json', { confirm_name: 'Not this one' }, 400)).fields).toHaveProperty('confirm_name');
  });

  it('strategic connections are workspace reporting: admins only', async () => {
    const path = `/reporting/strategic_connections_preview?id=${intros}`;
    await admin.call('GET', path);
    for (const c of [owner, permissionUser, manager, plain]) await refused(c, 'GET', path);
    await refused(owner, 'GET', '/reporting/strategic_connections_preview?id=x');
  });
});
