import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { enrolJonas, LENA } from './hub-support.js';
import { member, type Client } from './members-support.js';

/**
 * The access tables of the capabilities' API.md files, as tests: every cell with a status is one test that makes
 * the call as that actor against the real HTTP API (issue 29). Nothing here is copied from the tables.
 */
const ACTORS = ['admin', 'program owner', 'journey permission user', 'session member', 'plain member', 'signed out'] as const;
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

describe('the access tables of API.md, cell by cell', () => {
  let t: SandboxHearth;
  const who = new Map<Actor, Client | null>();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startSandboxHearth();
    // A journey with Jonas's session (Lena his manager); Hannah on its permission users; Diego owns an Intros program.
    const { tagId, session, roles } = await enrolJonas(t);
    const admin = await member(t, ACME.teamId, ACME.adminUserId);
    const owner = await member(t, ACME.teamId, 'U0DEMO014');
    const permissionUser = await member(t, ACME.teamId, 'U0DEMO016');
    await admin.call('PUT', `/onboarding/tags/${tagId}`, { onboarding_tag: { permission_user_ids: [permissionUser.memberId] } });
    // On a paid plan a member adds programs only when the account covers new programs (src/billing/API.md).
    await admin.call('POST', '/payment/update_own_new_configs', { own_new_configs: true });
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
    who.set('admin', admin);
    who.set('program owner', owner);
    who.set('journey permission user', permissionUser);
    who.set('session member', await member(t, ACME.teamId, LENA));
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
    const path = cell.path.replace(/\{(\w+)\}/g, (_m, name: string) => String(name === 'me' ? (client?.memberId ?? 1) : ids[name]));
    const res = await fetch(`${t.url}${path}`, {
      method: cell.method,
      headers: { ...(client ? { cookie: client.cookie, 'x-csrf-token': client.csrf } : {}), ...(cell.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(cell.body === undefined ? {} : { body: JSON.stringify(cell.body).replace(/"\{(\w+)\}"/g, (_m, name: string) => String(ids[name])) }),
    });
    const text = await res.text();
    expect(res.status, `${cell.method} ${path}: ${text.slice(0, 200)}`).toBe(cell.status);
    // A refusal says why and names no field: the caller learns nothing of the body's shape.
    if (res.status === 403) expect(JSON.parse(text)).not.toHaveProperty('fields');
  });
});
