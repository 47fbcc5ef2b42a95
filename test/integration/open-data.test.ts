import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remapJson, remapText } from '../../src/platform/data/define.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { install } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { member, type Client } from './members-support.js';

type Row = Record<string, unknown>;
interface Doc {
  format: string;
  version: number;
  manifest: Array<{ table: string; capability: string; columns: string[]; refs: Record<string, string> }>;
  tables: Record<string, Row[]>;
}

/** Replaces every id by its row's position and every reference by the position of the row it names. */
function canonical(doc: Doc): Record<string, Row[]> {
  const index = new Map<string, Map<unknown, number>>();
  for (const m of doc.manifest) index.set(m.table, new Map((doc.tables[m.table] ?? []).map((r, i) => [r.id, i])));
  const out: Record<string, Row[]> = {};
  for (const m of doc.manifest) {
    out[m.table] = (doc.tables[m.table] ?? []).map((r) => {
      const c: Row = { ...r };
      if ('id' in c) c.id = index.get(m.table)!.get(r.id);
      for (const [name, ref] of Object.entries(m.refs)) {
        const target = index.get(ref.replace('[]', ''))!;
        // A reference inside a JSON column is named by its column and the path inside it (left_out[].member_id).
        const [, col, path = ''] = /^([a-z_]+)\.?(.*)$/.exec(name)!;
        if (path.startsWith('~')) {
          c[col!] = remapText(c[col!], path.slice(1), (v) => target.get(v) ?? -1);
          continue;
        }
        if (path) {
          c[col!] = remapJson(c[col!], path, (v) => target.get(v) ?? -1);
          continue;
        }
        const one = (v: unknown) => (v === null ? null : target.has(v) ? `#${target.get(v)}` : `kept:${String(v)}`);
        c[col!] = ref.endsWith('[]') ? (r[col!] as unknown[] | null)?.map(one) : one(r[col!]);
      }
      return c;
    });
  }
  return out;
}

async function postFile(t: SandboxHearth, who: Client, path: string, name: string, body: string) {
  return postFiles(t, who, path, [[name, body]]);
}

async function postFiles(t: SandboxHearth, who: Client, path: string, files: Array<[string, string]>) {
  const form = new FormData();
  for (const [name, body] of files) form.append('file', new Blob([body]), name);
  const res = await fetch(`${t.url}${path}`, { method: 'POST', headers: { cookie: who.cookie, 'x-csrf-token': who.csrf }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: string; fields?: Record<string, string> } };
}

describe(`open data: export and import (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let admin: Client;
  let me: Client;
  let introsId: number;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await member(t, ACME.teamId, ACME.adminUserId);
    me = await member(t, ACME.teamId, 'U0DEMO012');
  });
  afterAll(() => t?.close());

  it('only workspace admins export or import', async () => {
    await me.call('GET', '/data/export.json', undefined, 403);
    await me.call('GET', '/data/manifest_as_json', undefined, 403);
    expect((await postFile(t, me, '/data/import', 'x.json', '{}')).status).toBe(403);
    const manifest = await admin.call<{ tables: Array<{ table: string; capability: string }> }>('GET', '/data/manifest_as_json');
    const byCapability = (c: string) => manifest.tables.filter((x) => x.capability === c).map((x) => x.table);
    expect(byCapability('platform')).toContain('members');
    expect(byCapability('intros')).toEqual(expect.arrayContaining(['intros_meetings', 'intros_imported_pairs']));
    expect(byCapability('watercooler')).toContain('watercooler_prompts');
    expect(byCapability('celebrations')).toContain('celebration_schedules');
    expect(byCapability('members')).toEqual(['member_profile_entries', 'member_relationships', 'member_work_hours']);
    // Avoid lists are confidential: in no export.
    expect(manifest.tables.map((x) => x.table)).not.toContain('intros_avoids');
  });

  it('a Donut intros export: old pairs go to the pairing engine, so the first round avoids them', async () => {
    introsId = (await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
    const res = await postFile(t, admin, '/data/import_donut', 'donut.csv', readFileSync(new URL('../../docs/samples/donut-intros.csv', import.meta.url), 'utf8'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'intros', imported: 3, skipped_count: 1 });
    expect((res.body.skipped as Array<{ row: number }>)[0]!.row).toBe(5);

    const ws = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    const id = async (slack: string) => (await t.services.people.bySlackId(ws.id, slack))!.id;
    const pairs = await t.services.db.selectFrom('intros_imported_pairs').selectAll().where('workspace_id', '=', ws.id).orderBy('id').execute();
    expect(pairs.map((p) => [p.program_id, p.member_ids])).toEqual([
      [introsId, [await id('U0DEMO012'), await id('U0DEMO013')]],
      [introsId, [await id('U0DEMO014'), await id('U0DEMO015')]],
      [introsId, [await id('U0DEMO012'), await id('U0DEMO016'), await id('U0DEMO007')]],
    ]);

    // The engine's input for round 1 holds them (as round 0), and the plan pairs none of them again.
    const preview = await admin.call<{ groups: Array<{ members: Array<{ slack_user_id?: string; id?: number }> }> }>('GET', `/coffee/${introsId}/preview_next_round`);
    const old = new Set(pairs.flatMap((p) => p.member_ids.flatMap((a) => p.member_ids.filter((b) => b !== a).map((b) => `${a}:${b}`))));
    const groups = preview.groups.map((g) => g.members.map((m) => m.id!));
    expect(groups.length).toBeGreaterThan(5);
    for (const g of groups) for (const a of g) for (const b of g) if (a !== b) expect(old.has(`${a}:${b}`), `${a} and ${b} met before`).toBe(false);

    // The engine reads them as the round before the first (round 0).
    const { IntrosRepository } = await import('../../src/intros/repository.js');
    const history = await new IntrosRepository(t.services.db).history({ id: introsId, workspace_id: ws.id }, 1 - 1 - 52);
    expect(history.filter((h) => h.round === 0).map((h) => h.members)).toEqual(pairs.map((p) => p.member_ids.map(String)));

    // Twelve people who all met each other before: a plan without the history would very likely pair two of
    // them again (about 2.3 such pairs expected among 15 random ones); with it, none.
    const roster = await admin.call<{ members: Array<{ id: number; slack_user_id: string; status: string }> }>('GET', `/coffee/${introsId}/members?status=active&per=100`);
    const clique = roster.members.filter((m) => m.status === 'active').slice(0, 12);
    expect(clique).toHaveLength(12);
    const lines = ['Date,Participant 1,Participant 2'];
    for (const [i, a] of clique.entries()) for (const b of clique.slice(i + 1)) lines.push(`2026-02-09,${a.slack_user_id},${b.slack_user_id}`);
    expect((await postFile(t, admin, '/data/import_donut', 'clique.csv', lines.join('\n'))).body).toMatchObject({ imported: 66 });
    const again = await admin.call<{ groups: Array<{ members: Array<{ id: number }> }> }>('GET', `/coffee/${introsId}/preview_next_round`);
    const inClique = new Set(clique.map((m) => m.id));
    for (const g of again.groups) expect(g.members.filter((m) => inClique.has(m.id)).length, 'two of the twelve met before').toBeLessThanOrEqual(1);
    await t.services.db.deleteFrom('intros_imported_pairs').where('workspace_id', '=', ws.id).where('program_id', 'is', null).execute();

    // A bad date anywhere: nothing of the file is written.
    const bad = await postFile(t, admin, '/data/import_donut', 'bad.csv', 'Date,Participant 1,Participant 2\n2026-01-12,U0DEMO008,U0DEMO009\n2026-13-40,U0DEMO010,U0DEMO011\n');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('row 3');
    expect(await t.services.db.selectFrom('intros_imported_pairs').select('id').where('workspace_id', '=', ws.id).execute()).toHaveLength(3);
    expect((await postFile(t, admin, '/data/import_donut', 'what.csv', 'a,b\n1,2\n')).body).toMatchObject({ error: 'file: not a Donut intros or celebrations export (see which columns each needs in the import guide)' });
    // Intros' and Celebrations' columns in one file: neither guesses.
    const mixed = await postFile(t, admin, '/data/import_donut', 'mixed.csv', 'Date,Participant 1,Participant 2,Birthday\n2026-01-12,U0DEMO008,U0DEMO009,04/17\n');
    expect(mixed.body).toMatchObject({ error: 'file: has the columns of a Donut intros and a celebrations export; import each kind as its own file', fields: { file: 'mixed columns' } });
    expect((await postFile(t, admin, '/data/import_donut', 'empty.csv', '')).body.error).toBe('Please select a file for upload.');
  });

  it('a Donut celebrations export: birthdays and start dates, existing dates kept', async () => {
    const res = await postFile(t, admin, '/data/import_donut', 'dates.csv', readFileSync(new URL('../../docs/samples/donut-celebrations.csv', import.meta.url), 'utf8'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'celebrations' });
    const ws = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    const ananya = (await t.services.people.bySlackId(ws.id, 'U0DEMO007'))!;
    const dates = await t.services.db.selectFrom('celebration_schedules').select(['schedule_type', 'month', 'day', 'year', 'source']).where('workspace_id', '=', ws.id).where('member_id', '=', ananya.id).orderBy('schedule_type').execute();
    expect(dates).toEqual([
      { schedule_type: 'anniversary', month: 9, day: 1, year: 2021, source: 'import' },
      { schedule_type: 'birthday', month: 4, day: 17, year: null, source: 'import' },
    ]);
    expect(res.body.skipped_count).toBeGreaterThanOrEqual(2);
  });

  it('export → import into a fresh workspace gives the same data, ids remapped; a bad file changes nothing', async () => {
    // Some of everything: settings, a snooze, a round of intros, a Watercooler, a celebration date.
    const mine = `/users/${me.memberId}`;
    await me.call('PATCH', `${mine}/user_profile_entries/bulk_upsert`, { user_profile_entries: [{ field: 1, text: 'he/him', category: 'basics' }] });
    await me.call('PATCH', `${mine}/user_relationships/upsert`, { user_relationship: { related_user_id: admin.memberId } });
    await me.call('PATCH', `${mine}/update_work_hours`, { work_hours: { beginning_time: '09:00', end_time: '17:30' } });
    await me.call('PATCH', `${mine}/snooze_intros/bulk_update`, { end_date: '2026-03-10' });
    await me.call('POST', `/users/${me.memberId}/update_notifications`, { append_keys: ['weekly_digest'] });
    await admin.call('POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.watercooler });
    await admin.call('POST', '/shoutouts/activate');
    await admin.call('POST', '/points/bonus', { member_id: me.memberId, points: 50, note: 'Launch week', request_id: 'od-1' });
    await me.call('POST', '/shoutouts', { recipient_id: admin.memberId, points: 5, message: 'Thanks for the export!', request_id: 'od-2' });
    await admin.call('POST', `/coffee/${introsId}/trigger_arrangement_as_json`, {});
    await t.services.queue.idle();

    const source = await admin.call<Doc>('GET', '/data/export.json');
    expect(source).toMatchObject({ format: 'hearth.workspace-export', version: 1 });
    expect(source.tables.intros_meetings!.length).toBeGreaterThan(3);
    expect(source.tables.member_profile_entries).toHaveLength(1);
    expect(source.tables.intros_imported_pairs).toHaveLength(3);
    for (const rows of Object.values(source.tables)) for (const r of rows) expect(r).not.toHaveProperty('workspace_id');
    expect(source.tables.shoutouts).toHaveLength(1);
    expect(source.tables.points_ledger!.map((l) => l.reason).sort()).toEqual(['bonus', 'shoutout']);
    for (const r of source.tables.reward_redemptions!) expect(r).not.toHaveProperty('gift_card_link');
    // Member and category ids inside JSON columns (who a round left out, why a group was made) are references
    // too: give the file some, as a capped plan and a repeat pair would.
    const [m1, m2] = source.tables.members!.map((m) => m.id as number);
    source.tables.intros_rounds![0]!.left_out = [{ member_id: m1, code: 'plan_cap', why: 'Left out by the plan’s cap' }];
    source.tables.intros_meetings![0]!.reason_detail = { kind: 'repeat', groupSize: 2, roundsAgo: 1, pairs: [{ members: [String(m1), String(m2)], roundsAgo: 1, timesMet: 1 }], sharedCategories: [] };
    const refs = source.manifest.find((m) => m.table === 'intros_meetings')!.refs;
    expect(refs).toMatchObject({ 'reason_detail.pairs[].members[]': 'members', 'reason_detail.sharedCategories[]': 'intros_categories' });

    // "Export my data": every member gets the rows that name them, and nobody else's.
    const myData = await me.call<Doc>('GET', '/data/mine.json');
    expect(myData.tables.members!.map((m) => m.id)).toEqual([me.memberId]);
    expect(myData.tables.member_profile_entries!.map((e) => e.text)).toEqual(['he/him']);
    expect(myData.tables.member_relationships).toEqual([expect.objectContaining({ member_id: me.memberId, related_member_id: admin.memberId })]);
    for (const rows of Object.values(myData.tables)) for (const r of rows) expect(Object.entries(r).some(([k, v]) => (k === 'id' || k.endsWith('member_id')) && v === me.memberId), JSON.stringify(r)).toBe(true);
    expect(myData.tables.intros_avoids).toBeUndefined();
    expect((await fetch(`${t.url}/data/mine.json`)).status).toBe(401);

    // CSV of one table.
    const csv = await fetch(`${t.url}/data/export/member_work_hours.csv`, { headers: { cookie: admin.cookie } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).split('\n')[0]).toBe('member_id,beginning_time,end_time,updated_at');
    await admin.call('GET', '/data/export/intros_avoids.csv', undefined, 404);

    // A fresh workspace (installed, nobody synced yet), its admin signed in.
    const freshId = await install(t.hearth, 'T0FRESH001', 'xoxb-fresh', 'Fresh');
    const fresh = (await t.services.workspaces.byId(freshId))!;
    await t.services.people.upsert(fresh, [{ id: 'U0FRESHADM', team_id: 'T0FRESH001', name: 'fresh.admin', real_name: 'Fresh Admin', is_admin: true, profile: { real_name: 'Fresh Admin', display_name: 'Fresh' } } as never]);
    const freshAdmin = await member(t, 'T0FRESH001', 'U0FRESHADM');

    // Invalid files: nothing is written.
    const broken = structuredClone(source);
    broken.tables.member_work_hours![0]!.beginning_time = 42;
    const bad = await postFile(t, freshAdmin, '/data/import', 'x.json', JSON.stringify(broken));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ 'tables.member_work_hours.0.beginning_time': expect.any(String) });
    const dangling = structuredClone(source);
    dangling.tables.member_work_hours![0]!.member_id = 99999999;
    expect((await postFile(t, freshAdmin, '/data/import', 'x.json', JSON.stringify(dangling))).body.fields).toEqual({ 'tables.member_work_hours.0.member_id': expect.stringContaining('not in the file') });
    const extra = structuredClone(source);
    (extra.tables.member_work_hours![0] as Row).favourite_colour = 'blue';
    expect((await postFile(t, freshAdmin, '/data/import', 'x.json', JSON.stringify(extra))).body.fields).toEqual({ 'tables.member_work_hours.0.favourite_colour': 'is not a column of this table' });
    expect((await postFile(t, freshAdmin, '/data/import', 'x.json', '{"format":"other"}')).status).toBe(400);
    expect((await postFile(t, freshAdmin, '/data/import', 'x.json', 'not json')).status).toBe(400);
    expect(await t.services.db.selectFrom('channel_programs').select('id').where('workspace_id', '=', freshId).execute()).toEqual([]);

    const res = await postFile(t, freshAdmin, '/data/import', 'export.json', JSON.stringify(source));
    expect(res.status).toBe(200);
    const copy = await freshAdmin.call<Doc>('GET', '/data/export.json');
    // The fresh workspace's own admin was matched or is extra: compare everything else as it was.
    expect(copy.tables.members!.filter((m) => m.slack_user_id === 'U0FRESHADM')).toHaveLength(1);
    copy.tables.members = copy.tables.members!.filter((m) => m.slack_user_id !== 'U0FRESHADM');
    const a = canonical(source);
    const b = canonical(copy);
    for (const table of Object.keys(a)) expect(b[table], table).toEqual(a[table]);
    // The JSON references point at the imported members, not at the source workspace's ids.
    const copied = new Map(copy.tables.members!.map((m) => [m.slack_user_id, m.id]));
    const sourceSlack = new Map(source.tables.members!.map((m) => [m.id, m.slack_user_id]));
    // So do the ids inside the ledger's idempotency keys.
    const copiedShoutout = copy.tables.shoutouts![0]!.id;
    expect(copy.tables.points_ledger!.map((l) => l.source_key)).toEqual(expect.arrayContaining([`shoutout:${copiedShoutout}`, `bonus:${copied.get(ACME.adminUserId)}:od-1`]));
    expect(copy.tables.intros_rounds![0]!.left_out).toEqual([{ member_id: copied.get(sourceSlack.get(m1)), code: 'plan_cap', why: 'Left out by the plan’s cap' }]);
    expect((copy.tables.intros_meetings![0]!.reason_detail as { pairs: Array<{ members: string[] }> }).pairs[0]!.members).toEqual([String(copied.get(sourceSlack.get(m1))), String(copied.get(sourceSlack.get(m2)))]);

    // Importing the same file again: it conflicts, and nothing changes.
    const again = await postFile(t, freshAdmin, '/data/import', 'export.json', JSON.stringify(source));
    expect(again.status).toBe(409);
    expect((await freshAdmin.call<Doc>('GET', '/data/export.json')).tables.intros_meetings).toHaveLength(source.tables.intros_meetings!.length);
    // The other workspace saw none of it.
    const globex = (await t.services.workspaces.byTeamId(GLOBEX.teamId))!;
    expect(await t.services.db.selectFrom('intros_meetings').select('id').where('workspace_id', '=', globex.id).execute()).toEqual([]);
  });

  it('the same data as CSV files, one a table: imported together as the JSON is, all or nothing', async () => {
    const source = await admin.call<Doc>('GET', '/data/export.json');
    const csvOf = async (who: Client, table: string) => (await fetch(`${t.url}/data/export/${table}.csv`, { headers: { cookie: who.cookie } })).text();
    const files: Array<[string, string]> = [];
    for (const m of source.manifest) files.push([`${m.table}.csv`, await csvOf(admin, m.table)]);

    const wsId = await install(t.hearth, 'T0CSV00001', 'xoxb-csv', 'Csv');
    const ws = (await t.services.workspaces.byId(wsId))!;
    await t.services.people.upsert(ws, [{ id: 'U0CSVADMIN', team_id: 'T0CSV00001', name: 'csv.admin', real_name: 'Csv Admin', is_admin: true, profile: { real_name: 'Csv Admin', display_name: 'Csv' } } as never]);
    const csvAdmin = await member(t, 'T0CSV00001', 'U0CSVADMIN');

    // A file that is not an exported table, or a cell that is not its column's type: nothing is written.
    expect((await postFiles(t, csvAdmin, '/data/import', [...files, ['intros_avoids.csv', 'member_id\n1\n']])).body.fields).toEqual({ 'files.intros_avoids.csv': expect.stringContaining('is not a table Hearth exports') });
    const hours = files.findIndex(([n]) => n === 'member_work_hours.csv');
    const badHours = files.map(([n, b], i): [string, string] => [n, i === hours ? b.replace(/\n(\d+),/, '\nnot-a-number,') : b]);
    const bad = await postFiles(t, csvAdmin, '/data/import', badHours);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields!)).toEqual(['tables.member_work_hours.0.member_id']);
    expect(await t.services.db.selectFrom('channel_programs').select('id').where('workspace_id', '=', wsId).execute()).toEqual([]);

    expect((await postFiles(t, csvAdmin, '/data/import', files)).status).toBe(200);
    const copy = await csvAdmin.call<Doc>('GET', '/data/export.json');
    copy.tables.members = copy.tables.members!.filter((m) => m.slack_user_id !== 'U0CSVADMIN');
    // CSV has one empty cell for null and for an empty text: a nullable column reads it as null.
    const blankAsNull = (doc: Doc) => Object.values(doc.tables).forEach((rows) => rows.forEach((r) => Object.keys(r).forEach((k) => r[k] === '' && (r[k] = null))));
    blankAsNull(source);
    blankAsNull(copy);
    const a = canonical(source);
    const b = canonical(copy);
    for (const table of Object.keys(a)) expect(b[table], table).toEqual(a[table]);

    // One table alone: its references are this workspace's own rows (a restore after a spreadsheet edit).
    const entries = await csvOf(csvAdmin, 'member_profile_entries');
    await t.services.db.deleteFrom('member_profile_entries').where('workspace_id', '=', wsId).execute();
    expect((await postFiles(t, csvAdmin, '/data/import', [['member_profile_entries.csv', entries.replace('he/him', 'they/them')]])).body).toMatchObject({ imported: { member_profile_entries: 1 } });
    expect((await csvAdmin.call<Doc>('GET', '/data/export.json')).tables.member_profile_entries!.map((e) => e.text)).toEqual(['they/them']);
    // …and never another workspace's: an ACME member id is refused.
    const foreign = entries.replace(/\n\d+,/, `\n${me.memberId},`);
    const refused = await postFiles(t, csvAdmin, '/data/import', [['member_profile_entries.csv', foreign]]);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'tables.member_profile_entries.0.member_id': expect.stringContaining('not in this workspace') });
  });
});
