import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { enrolJonas, JONAS, LENA } from './hub-support.js';
import { member, type Client } from './members-support.js';

/**
 * The access tables of the capabilities' API.md files, as tests: every cell with a status is one test that makes
 * the call as that actor against the real HTTP API (issue 29). Nothing here is copied from the tables.
 */
const ACTORS = ['admin', 'program owner', 'program editor', 'journey permission user', 'session member', 'journey participant', 'plain member', 'signed out'] as const;
type Actor = (typeof ACTORS)[number];

interface Cell {
  file: string;
  method: string;
  path: string;
  body: unknown;
  actor: Actor;
  status: number;
}

function accessTables(): Cell[] {
  const src = join(import.meta.dirname, '../../src');
  const files = readdirSync(src, { withFileTypes: true }).flatMap((d) => (d.isDirectory() && existsSync(join(src, d.name, 'API.md')) ? [join(d.name, 'API.md')] : []));
  const cells: Cell[] = [];
  for (const file of files) {
    const text = readFileSync(join(src, file), 'utf8');
    const section = text.split(/^## /m).find((s) => s.startsWith('Access\n'));
    if (!section) continue;
    const rows = section.split('\n').filter((l) => l.startsWith('|'));
    const header = rows[0]!.split('|').slice(2, -1).map((h) => h.trim());
    expect(header, `${file}: the access table's columns`).toEqual([...ACTORS]);
    for (const row of rows.slice(2)) {
      const [call, ...statuses] = row.split('|').slice(1, -1).map((c) => c.trim());
      const m = /^`(GET|POST|PUT|PATCH|DELETE) (\S+)(?: (.+))?`$/.exec(call!);
      if (!m) throw new Error(`${file}: cannot read the call ${call}`);
      statuses.forEach((s, i) => {
        if (s !== '—') cells.push({ file, method: m[1]!, path: m[2]!, body: m[3] === undefined ? undefined : JSON.parse(m[3]), actor: ACTORS[i]!, status: Number(s) });
      });
    }
  }
  return cells;
}

const CELLS = accessTables();

/** A call's path as a shape: a `{name}`, a number or a Slack id in a segment is any id. */
const shape = (path: string) =>
  path
    .split('?')[0]!
    .split('/')
    .map((s) => (/^\{\w+\}$|^\d+$|^[CU]0[0-9A-Z]+$/.test(s) ? '{}' : s))
    .join('/');

/** The paths a spec call stands for: `{flow}` is onboarding or participants, `{base}` /{flow} or /{flow}/tags/{id}, `{controller}` a channel program's. */
function specPaths(path: string): string[] {
  if (path.startsWith('{base}')) return ['/{flow}', '/{flow}/tags/{id}'].flatMap((base) => specPaths(base + path.slice('{base}'.length)));
  for (const [name, values] of [['{flow}', ['onboarding', 'participants']], ['{controller}', ['coffee', 'watercooler', 'celebrations']]] as const)
    if (path.includes(name)) return values.flatMap((v) => specPaths(path.replace(name, v)));
  return [shape(path)];
}

it("every call of the spec's list is in an access table", () => {
  const tabled = new Set(CELLS.map((c) => `${c.method} ${shape(c.path)}`));
  const spec = readFileSync(join(import.meta.dirname, '../support/spec/endpoints.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));
  expect(spec.length).toBeGreaterThan(100);
  expect(spec.filter(([method, path]) => !specPaths(path!).some((p) => tabled.has(`${method} ${p}`))).map(([method, path]) => `${method} ${path}`)).toEqual([]);
});

/**
 * The things the newer rows are about, made by the people who may make them: an Intros round (its share card, one
 * of its groups), a custom prompt pack on the Watercooler (with a prompt) and a prompt of its own, a reward Jonas has
 * redeemed, an HR system and an applicant-tracking connection, a batch of enrolments into the journey, a file Jonas
 * uploaded, an import of dates into the Celebrations program and one person's dates there.
 */
async function things(
  url: string,
  admin: Client,
  owner: Client,
  jonas: Client,
  j: { tagId: number; roles: Record<string, number>; watercoolerId: number; programId: number; celebrationId: number },
) {
  const upload = async <T>(client: Client, path: string, fields: Record<string, string>, file: { name: string; type: string; text: string }): Promise<T> => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', new Blob([file.text], { type: file.type }), file.name);
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { cookie: client.cookie, 'x-csrf-token': client.csrf, accept: 'application/json' }, body: form });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  await owner.call('POST', `/coffee/${j.programId}/trigger_arrangement_as_json`, {});
  const pack = await owner.call<{ pack: { id: number } }>('POST', '/watercooler_packs/create_as_json', {
    watercooler_id: j.watercoolerId,
    watercooler_pack: { name: 'Team rituals', prompts: ['What is your favourite team ritual?', 'Which meeting would you cancel?'] },
  });
  const prompt = await owner.call<{ prompt: { id: number } }>('POST', '/watercooler_prompts/create_as_json', { watercooler_id: j.watercoolerId, watercooler_prompt: 'What made you smile this week?' });
  const reward = await admin.call<{ listing: { id: number } }>('POST', '/rewards', { listing: { preset_id: 'coffee' } });
  await admin.call('POST', '/points/bonus', { member_id: jonas.memberId, points: 10_000, request_id: 'access-tables' });
  await jonas.call('POST', `/rewards/${reward.listing.id}/redeem`, {});
  const { link_token } = await admin.call<{ link_token: string }>('POST', '/hris/create_link_token_as_json', {});
  const { public_token } = await admin.call<{ public_token: string }>('POST', '/sandbox/merge/api/link', { link_token });
  const hris = await admin.call<{ hris_identity: { id: number } }>('POST', '/hris/create_integration_as_json', { public_token });
  const ats = await admin.call<{ direct_integration_identity: { id: number } }>('POST', '/direct_integration_identities', { integration_name: 'greenhouse', api_key: 'sbx-no-offers-1234' });
  const batch = await admin.call<{ status_id: number }>('POST', `/onboarding/tags/${j.tagId}/manual_enrollment`, {
    sessions: [{ start_date: '2026-03-16', tag_ids: [j.tagId], memberships: [{ role_id: j.roles.primary!, email: 'future.hire@example.com', first_name: 'Future' }] }],
  });
  const asset = await upload<{ asset: { id: number } }>(jonas, '/onboarding/assets', {}, { name: 'notes.txt', type: 'text/plain', text: 'First-week notes' });
  const dates = await upload<{ id: number }>(owner, '/celebrations/import_dates_as_json', { celebration_program_id: String(j.celebrationId) }, { name: 'dates.csv', type: 'text/csv', text: 'email,birthday\n' });
  const { schedule } = await owner.call<{ schedule: { celebration_schedule_id: number } }>('PUT', '/celebration_schedules/create_or_update_as_json', {
    celebration_program_id: j.celebrationId,
    schedule_type: 'birthday',
    user_id: jonas.memberId,
    date: '10-31',
  });
  return { asset: asset.asset.id, dates_import: dates.id, schedule: schedule.celebration_schedule_id, pack: pack.pack.id, prompt: prompt.prompt.id, reward: reward.listing.id, hris: hris.hris_identity.id, ats: ats.direct_integration_identity.id, batch: batch.status_id };
}

describe('the access tables of API.md, cell by cell', () => {
  let t: SandboxHearth;
  const who = new Map<Actor, Client | null>();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startSandboxHearth();
    // A journey with Jonas's session (Lena his manager); Hannah on its permission users; Diego owns an Intros program
    // and Chloé edits it.
    const { tagId, session, roles } = await enrolJonas(t);
    const admin = await member(t, ACME.teamId, ACME.adminUserId);
    const owner = await member(t, ACME.teamId, 'U0DEMO014');
    const editor = await member(t, ACME.teamId, 'U0DEMO015');
    const permissionUser = await member(t, ACME.teamId, 'U0DEMO016');
    await admin.call('PUT', `/onboarding/tags/${tagId}`, { onboarding_tag: { permission_user_ids: [permissionUser.memberId] } });
    // Its hub published, so Jonas may open his.
    await admin.call('PUT', `/onboarding/tags/${tagId}/site`, { published: true });
    const program = await owner.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    const survey = await admin.call<{ enrollment_survey: { id: number } }>('POST', `/onboarding/tags/${tagId}/enrollment_surveys`, {
      enrollment_survey: { name: 'Buddy matching', role_enrollment_surveys: [{ role_id: roles.primary, questions: [{ input_type: 'text', query: 'What brings you here?' }] }] },
    });
    ids.event = session.session_events[0]!.event_id;
    Object.assign(ids, { journey: tagId, session: session.id, session_event: session.session_events[0]!.id, survey: survey.enrollment_survey.id, program: program.id, admin_member: admin.memberId });
    // Diego also owns a Watercooler and a Celebrations program (the channel programs' tables).
    const watercooler = await owner.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.watercooler });
    const celebration = await owner.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'celebrations-birthdays-anniversaries', channel_id: ACME.channels.celebrations });
    Object.assign(ids, { watercooler: watercooler.id, celebration: celebration.id, workspace: (await t.services.workspaces.byTeamId(ACME.teamId))!.id });
    for (const [controller, id] of [['coffee', program.id], ['watercooler', watercooler.id], ['celebrations', celebration.id]] as const)
      await owner.call('PUT', `/${controller}/${id}/update_ownership_as_json`, { owner_id: owner.memberId, editor_ids: [editor.memberId], permission_user_ids: [] });
    const jonas = await member(t, ACME.teamId, JONAS);
    Object.assign(ids, await things(t.url, admin, owner, jonas, { tagId, roles, watercoolerId: watercooler.id, programId: program.id, celebrationId: celebration.id }));
    // Jonas's tasks and polls sent: one of each that is his, and one of his session's events already sent.
    for (const se of session.session_events.filter((e) => e.kind === 'task' || e.kind === 'poll')) await admin.call('POST', `/onboarding/session_events/${se.id}/trigger`);
    await t.services.queue.idle();
    const db = t.services.db;
    ids.task = (await db.selectFrom('journey_task_assignments').select('id').where('session_id', '=', session.id).where('member_id', '=', jonas.memberId).executeTakeFirstOrThrow()).id;
    ids.poll = (await db.selectFrom('journey_poll_responses').select('id').where('session_id', '=', session.id).where('member_id', '=', jonas.memberId).executeTakeFirstOrThrow()).id;
    ids.sent_session_event = (await db.selectFrom('journey_session_events').select('id').where('session_id', '=', session.id).where('state', '=', 'sent').executeTakeFirstOrThrow()).id;
    ids.round = (await db.selectFrom('intros_rounds').select('id').where('program_id', '=', program.id).executeTakeFirstOrThrow()).id;
    ids.meeting = (await db.selectFrom('intros_meetings').select('id').where('round_id', '=', ids.round).executeTakeFirstOrThrow()).id;
    ids.redemption = (await db.selectFrom('reward_redemptions').select('id').where('listing_id', '=', ids.reward!).executeTakeFirstOrThrow()).id;
    who.set('admin', admin);
    who.set('program owner', owner);
    who.set('program editor', editor);
    who.set('journey permission user', permissionUser);
    who.set('session member', await member(t, ACME.teamId, LENA));
    who.set('journey participant', jonas);
    who.set('plain member', await member(t, ACME.teamId, 'U0DEMO012'));
    who.set('signed out', null);
  }, 120_000);
  afterAll(() => t?.close());

  it('reads tables from several capabilities', () => {
    expect(new Set(CELLS.map((c) => c.file)).size).toBeGreaterThanOrEqual(5);
  });

  it.each(CELLS.map((c) => [`${c.file}: ${c.method} ${c.path} as ${c.actor} → ${c.status}`, c] as const))('%s', async (_name, cell) => {
    const client = who.get(cell.actor)!;
    // `{name}` in the path, and `"{name}"` in the body (a string there, so the table stays JSON), is that id.
    const id = (name: string) => {
      if (name === 'me') return client?.memberId ?? 1;
      if (ids[name] === undefined) throw new Error(`${cell.file}: nothing is {${name}}`);
      return ids[name];
    };
    const path = cell.path.replace(/\{(\w+)\}/g, (_m, name: string) => String(id(name)));
    const res = await fetch(`${t.url}${path}`, {
      method: cell.method,
      headers: { ...(client ? { cookie: client.cookie, 'x-csrf-token': client.csrf } : {}), ...(cell.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(cell.body === undefined ? {} : { body: JSON.stringify(cell.body).replace(/"\{(\w+)\}"/g, (_m, name: string) => String(id(name))) }),
    });
    const text = await res.text();
    expect(res.status, `${cell.method} ${path}: ${text.slice(0, 200)}`).toBe(cell.status);
    // A refusal says why and names no field: the caller learns nothing of the body's shape.
    if (res.status === 403) expect(JSON.parse(text)).not.toHaveProperty('fields');
  });
});
