import { celebrationsRun } from '../../src/celebrations/jobs.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_LIMITS } from '../../src/platform/entitlements/features.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth, setPlan } from '../support/sandbox-hearth.js';
import { call as callApp } from '../support/http.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const CELEB = ACME.channels.celebrations;
const TEAM = ACME.teamId;
const FREE_CUSTOM_CELEBRATIONS = FREE_LIMITS.customCelebrations;

interface Session {
  cookie: string;
  csrf: string;
  memberId: number;
}
interface ScheduleJson {
  celebration_schedule_id: number | null;
  user_id: number | null;
  slack_user_id: string | null;
  name: string | null;
  date: string | null;
  included: boolean;
  title: string | null;
}

/**
 * Celebrations through the app's real endpoints on the sandbox workspace (Monday 2 March 2026, 08:00 UTC):
 * settings, people's dates (the birth year never leaves the server), the free plan's 402, CSV import with a
 * bad row, posting at the program's hour on the right day (weekends, DST) exactly once, skipping people who
 * may not be celebrated, send now, asking for dates in Slack and the member's own preferences.
 */
describe(`Celebrations (${path})`, () => {
  let t: SandboxHearth;
  let admin: Session;
  let programId: number;
  const db = () => t.services.db;

  const call = <T = Record<string, unknown>>(who: Session, method: string, url: string, body?: unknown, expectStatus = 200) => callApp<T>(t, who, method, url, body, expectStatus);
  const memberId = async (slackUserId: string, team = TEAM) => {
    const ws = (await t.services.workspaces.byTeamId(team))!;
    return (await t.services.people.bySlackId(ws.id, slackUserId))!.id;
  };
  /** Bot messages in #celebrations (the app's posts), oldest first. */
  const posts = () => t.sandbox.state.messageList(CELEB).filter((m) => m.bot_id);
  /** Waits until every message the app queued has gone out (Slack's per-channel pace spaces posts a second apart). */
  async function settle() {
    await t.services.queue.idle();
    await expect
      .poll(async () => (await t.services.db.selectFrom('outbox').select('id').where('state', 'in', ['pending', 'sending']).execute()).length, { timeout: 15_000 })
      .toBe(0);
  }
  const advance = async (to: string) => {
    await t.api('POST', '/sandbox/clock/advance', { to });
    await settle();
  };
  const dmWith = (userId: string) => t.sandbox.state.openConversation(TEAM, ACME.botUserId, [userId]).channel;
  async function importCsv(csv: string, name = 'dates.csv') {
    const form = new FormData();
    form.set('celebration_program_id', String(programId));
    form.set('file', new Blob([csv], { type: 'text/csv' }), name);
    const started = await call<{ id: number; state: string }>(admin, 'POST', '/celebrations/import_dates_as_json', form);
    expect(started.state).toBe('needs_processing');
    let shown: { state: string; errors: Array<{ row: number; email: string; field: string; message: string }>; summary: Record<string, unknown> } | undefined;
    await expect
      .poll(async () => {
        shown = await call(admin, 'GET', `/asset_imports/${started.id}/show_as_json?program_id=${programId}&program_type=CelebrationProgram`);
        return shown!.state;
      }, { timeout: 15_000 })
      .not.toBe('needs_processing');
    return { id: started.id, ...shown! };
  }

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signIn(t, TEAM, ACME.adminUserId);
  });
  afterAll(() => t?.close());

  it('offers its templates and creates a program on #celebrations that posts at 9:00 in the creator\'s zone', async () => {
    const { templates } = await call<{ templates: Array<{ id: string; type: string }> }>(admin, 'GET', '/templates');
    expect(templates.filter((x) => x.type === 'CelebrationProgram').map((x) => x.id)).toEqual(['celebrations-birthdays-anniversaries', 'celebrations-birthdays', 'celebrations-anniversaries']);
    const created = await call<{ redirect_url: string; id: number }>(admin, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'celebrations-birthdays-anniversaries', channel_id: CELEB });
    programId = created.id;
    expect(created.redirect_url).toBe(`/celebrations/${programId}/edit`);
    const shown = await call<{ program: { type: string; channel: string }; celebration: Record<string, unknown> }>(admin, 'GET', `/celebrations/${programId}`);
    expect(shown.program).toMatchObject({ type: 'CelebrationProgram', channel: '#celebrations' });
    expect(shown.celebration).toMatchObject({ birthdays_enabled: true, anniversaries_enabled: true, posting_hour: 9, time_zone: 'America/New_York', weekend_policy: 'friday_before', leap_day_policy: 'feb28' });
    // 08:00 UTC is 03:00 in New York: today's 9:00 is still ahead.
    expect(shown.celebration.next_run_at).toBe('2026-03-02T14:00:00.000Z');
  });

  it('refuses bad settings with field errors and writes nothing', async () => {
    const bad = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/celebrations/${programId}/update_as_json`, { birthday_template: 'Happy {years}th, {name}!', time_zone: 'Mars/Olympus' }, 400);
    expect(bad.fields).toMatchObject({ birthday_template: 'Birthday messages never mention age: remove {years}', time_zone: 'is not a time zone' });
    await call(admin, 'PUT', `/celebrations/${programId}/update_as_json`, { birthdays_enabled: false, anniversaries_enabled: false, custom_enabled: false }, 400);
    const shown = await call<{ celebration: { birthdays_enabled: boolean; time_zone: string } }>(admin, 'GET', `/celebrations/${programId}`);
    expect(shown.celebration).toMatchObject({ birthdays_enabled: true, time_zone: 'America/New_York' });
  });

  it('is invisible to another workspace', async () => {
    const globexAdmin = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await call(globexAdmin, 'GET', `/celebrations/${programId}`, undefined, 404);
    await call(globexAdmin, 'GET', `/celebration_schedules/index_as_json?celebration_program_id=${programId}&schedule_type=birthday`, undefined, 404);
  });

  it('lists the channel\'s people (never bots, deactivated or external members) and keeps birth years private', async () => {
    const lena = await memberId('U0DEMO009');
    const saved = await call<{ schedule: ScheduleJson }>(admin, 'PUT', '/celebration_schedules/create_or_update_as_json', { celebration_program_id: programId, schedule_type: 'birthday', user_id: lena, date: '1986-03-03' });
    expect(saved.schedule).toMatchObject({ date: '03-03', included: true, name: 'Lena Fischer' });
    expect(JSON.stringify(saved)).not.toContain('1986');
    const index = await call<{ schedules: ScheduleJson[]; counts: { members: number; with_date: number } }>(admin, 'GET', `/celebration_schedules/index_as_json?celebration_program_id=${programId}&schedule_type=birthday`);
    const channelHumans = t.sandbox.state.channel(TEAM, CELEB)!.members.filter((u) => u !== ACME.botUserId);
    expect(index.schedules.map((s) => s.slack_user_id).sort()).toEqual([...channelHumans].sort());
    expect(index.counts).toMatchObject({ members: channelHumans.length, with_date: 1 });
    expect(JSON.stringify(index)).not.toContain('1986');
    const bot = await memberId(ACME.botUserId);
    await call(admin, 'PUT', '/celebration_schedules/create_or_update_as_json', { celebration_program_id: programId, schedule_type: 'birthday', user_id: bot, date: '01-01' }, 400);
    await call(admin, 'PUT', '/celebration_schedules/create_or_update_as_json', { celebration_program_id: programId, schedule_type: 'anniversary', user_id: lena, date: '02-30' }, 400);
  });

  it(`allows ${FREE_CUSTOM_CELEBRATIONS} custom dates on the free plan, then answers 402 and writes nothing`, async () => {
    const add = (title: string, date: string, status = 200) =>
      call<{ schedule: ScheduleJson; feature?: string }>(admin, 'PUT', '/celebration_schedules/create_or_update_as_json', { celebration_program_id: programId, schedule_type: 'custom', title, date }, status);
    const first = await add('Acme founders day', '2016-03-01');
    await add('Pi day', '03-14');
    const refused = await add('Towel day', '05-25', 402);
    expect(refused).toMatchObject({ feature: 'unlimited_celebrations', error: expect.stringContaining('Upgrade') });
    const custom = await call<{ schedules: ScheduleJson[]; limit: { custom_active: number } }>(admin, 'GET', `/celebration_schedules/index_as_json?celebration_program_id=${programId}&schedule_type=custom`);
    expect(custom.schedules.map((s) => s.title)).toEqual(['Acme founders day', 'Pi day']);
    expect(custom.limit.custom_active).toBe(2);

    // Turning one off frees a slot; turning it back on while the other two are active is a 402 again.
    const id = first.schedule.celebration_schedule_id!;
    const off = await call<{ schedule: ScheduleJson }>(admin, 'PUT', `/celebration_schedules/${id}/update_included_programs_as_json`, { celebration_program_id: programId, activate: false });
    expect(off.schedule.included).toBe(false);
    await add('Towel day', '05-25');
    const again = await call<{ feature: string }>(admin, 'PUT', `/celebration_schedules/${id}/update_included_programs_as_json`, { celebration_program_id: programId, activate: true }, 402);
    expect(again.feature).toBe('unlimited_celebrations');
    const row = await db().selectFrom('celebration_schedule_programs').selectAll().where('schedule_id', '=', id).executeTakeFirstOrThrow();
    expect(row.included).toBe(false);
    // Premium: unlimited.
    await setPlan(t, TEAM, 'premium');
    await call(admin, 'PUT', `/celebration_schedules/${id}/update_included_programs_as_json`, { celebration_program_id: programId, activate: true });
    await setPlan(t, TEAM, 'free');
    // Clean up: these dates are not part of the posting tests below.
    for (const s of (await call<{ schedules: ScheduleJson[] }>(admin, 'GET', `/celebration_schedules/index_as_json?celebration_program_id=${programId}&schedule_type=custom`)).schedules)
      await call(admin, 'PUT', '/celebration_schedules/create_or_update_as_json', { celebration_program_id: programId, schedule_type: 'custom', celebration_schedule_id: s.celebration_schedule_id, date: null });
  });

  it('imports docs/sandbox-dates.csv: the bad row is reported and skipped, every other row written', async () => {
    const csv = readFileSync(new URL('../../docs/sandbox-dates.csv', import.meta.url), 'utf8');
    const result = await importCsv(csv, 'sandbox-dates.csv');
    expect(result.state).toBe('uploaded');
    expect(result.errors).toEqual([{ row: csv.trim().split('\n').length, email: 'chloe.martin@acme.example', field: 'birthday', message: expect.stringContaining('"02/30/1994" is not a real date') }]);
    expect(result.summary).toMatchObject({ imported_rows: 39, error_rows: 1, birthdays: 38, anniversaries: 39 });
    const chloe = await memberId('U0DEMO015');
    expect(await db().selectFrom('celebration_schedules').select('id').where('member_id', '=', chloe).execute()).toEqual([]);
    const tereza = await db().selectFrom('celebration_schedules').selectAll().where('member_id', '=', await memberId('U0DEMO011')).where('schedule_type', '=', 'birthday').executeTakeFirstOrThrow();
    expect([tereza.month, tereza.day, tereza.year, tereza.source]).toEqual([2, 29, 1996, 'import']);
  });

  it('fails a file whose rows are all wrong, or that is not a dates CSV, and writes nothing', async () => {
    const before = await db().selectFrom('celebration_schedules').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const allBad = await importCsv('Email,Birthday (DD/MM/YYYY)\nnobody@acme.example,01/01/1990\nalex.rivera@acme.example,31/04/1990\n');
    expect(allBad.state).toBe('failed_processing');
    expect(allBad.errors.map((e) => [e.row, e.message])).toEqual([
      [2, 'No one in this workspace has this email'],
      [3, 'Birthday "31/04/1990" is not a real date: April has only 30 days'],
    ]);
    const noEmail = await importCsv('Name,Birthday\nAlex,06/18\n');
    expect(noEmail).toMatchObject({ state: 'failed_processing', summary: { error: 'The file needs an Email column' } });
    const after = await db().selectFrom('celebration_schedules').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const form = new FormData();
    form.set('celebration_program_id', String(programId));
    const none = await call<{ error: string }>(admin, 'POST', '/celebrations/import_dates_as_json', form, 400);
    expect(none.error).toBe('Please select a file for upload.');
  });

  it('lists what is coming in the next 30 and 60 days, with weekend dates on the Friday before', async () => {
    const { events } = await call<{ events: Array<{ name: string; type: string; post_on: string; occurs_on: string; shifted: boolean; posts_at: string; years: number | null }> }>(
      admin,
      'GET',
      `/celebrations/${programId}/events/index_as_json?days=30`,
    );
    const lena = events.find((e) => e.name === 'Lena Fischer')!;
    expect(lena).toMatchObject({ type: 'birthday', post_on: '2026-03-03', occurs_on: '2026-03-03', shifted: false, posts_at: '2026-03-03T14:00:00.000Z', years: null });
    // Isabela's birthday is Saturday 21 March: posted Friday the 20th at 9:00 EDT (after the DST change).
    expect(events.find((e) => e.name === 'Isabela Costa')).toMatchObject({ post_on: '2026-03-20', occurs_on: '2026-03-21', shifted: true, posts_at: '2026-03-20T13:00:00.000Z' });
    // Tereza (29 Feb) is not in #celebrations: not listed.
    expect(events.find((e) => e.name?.startsWith('Tereza'))).toBeUndefined();
    const sixty = await call<{ events: unknown[] }>(admin, 'GET', `/celebrations/${programId}/events/index_as_json?days=60`);
    expect(sixty.events.length).toBeGreaterThan(events.length);
    await call(admin, 'GET', `/celebrations/${programId}/events/index_as_json?days=45`, undefined, 400);
    const hires = await call<{ new_hires: Array<{ name: string; start_date: string }> }>(admin, 'GET', '/upcoming_new_hires?days=300');
    expect(hires.new_hires.map((h) => [h.name, h.start_date])).toEqual([
      ['Riley Morgan', '2026-10-19'],
      ['Maya Goldberg', '2026-11-02'],
      ['Liam Murphy', '2026-11-16'],
    ]);
  });

  it('posts a birthday once, at the program\'s hour on the day, and never again', async () => {
    await advance('2026-03-03T13:59:00Z');
    expect(posts()).toHaveLength(0);
    await advance('2026-03-03T14:01:00Z');
    expect(posts()).toHaveLength(1);
    const [message] = posts();
    expect(Number(message!.ts)).toBeGreaterThanOrEqual(Date.parse('2026-03-03T14:00:00Z') / 1000);
    expect(Number(message!.ts)).toBeLessThanOrEqual(Date.parse('2026-03-03T14:01:00Z') / 1000);
    expect(message!.text).toContain('Happy birthday, <@U0DEMO009>!');
    expect(message!.text).not.toMatch(/1986|40/);
    // The hour moves to later the same day: the day's run already happened, nothing is posted twice.
    await call(admin, 'PUT', `/celebrations/${programId}/update_as_json`, { posting_hour: 17 });
    await advance('2026-03-03T23:00:00Z');
    expect(posts()).toHaveLength(1);
    // Running the day again (a retried job) adds nothing either.
    const workspaceId = (await t.services.workspaces.byTeamId(TEAM))!.id;
    await t.services.queue.enqueue(celebrationsRun, { workspaceId, programId, runOn: '2026-03-03' }, { jobId: 'again' });
    await t.services.queue.idle();
    expect(posts()).toHaveLength(1);
    await call(admin, 'PUT', `/celebrations/${programId}/update_as_json`, { posting_hour: 9 });
  });

  it('skips people who left the channel, opted out, are not in it, were deactivated or are external', async () => {
    // 5 March (Thursday): nobody has a date in the seed. Give six people of #celebrations, and Sam, a birthday that day.
    const users = ['U0DEMO012', 'U0DEMO031', 'U0DEMO034', 'U0DEMO035', 'U0DEMO010', 'U0DEMO025'];
    const [kai, ethan, nora, sam, jonas, aisha] = await Promise.all(users.map((u) => memberId(u)));
    expect(t.sandbox.state.channel(TEAM, CELEB)!.members).not.toContain('U0DEMO035');
    for (const id of [kai, ethan, nora, sam, jonas, aisha])
      await call(admin, 'PUT', '/celebration_schedules/create_or_update_as_json', { celebration_program_id: programId, schedule_type: 'birthday', user_id: id, date: '03-05' });
    // Kai leaves the channel (Slack's side); Ethan opts out of #celebrations; Nora stays; Sam was never in it;
    // Jonas is deactivated and Aisha turns out to be a Slack Connect guest (Slack's side and the kept directory).
    const channel = t.sandbox.state.channel(TEAM, CELEB)!;
    expect(channel.members).toEqual(expect.arrayContaining(['U0DEMO012', 'U0DEMO031', 'U0DEMO034', 'U0DEMO010', 'U0DEMO025']));
    channel.members = channel.members.filter((u) => u !== 'U0DEMO012');
    t.sandbox.state.member(TEAM, 'U0DEMO010')!.deleted = true;
    t.sandbox.state.member(TEAM, 'U0DEMO025')!.is_stranger = true;
    await t.services.db.updateTable('members').set({ deleted: true }).where('id', '=', jonas!).execute();
    await t.services.db.updateTable('members').set({ is_external: true }).where('id', '=', aisha!).execute();
    const ethanSession = await signIn(t, TEAM, 'U0DEMO031');
    const mine = await call<{ schedules: Array<{ celebration_type: string; available_channels: Array<{ uid: string }>; selected_channel_ids: string[] }> }>(ethanSession, 'GET', '/celebration_schedules/my_schedules');
    expect(mine.schedules.find((s) => s.celebration_type === 'birthday')).toMatchObject({ available_channels: [{ uid: CELEB }], selected_channel_ids: [CELEB] });
    await call(ethanSession, 'PATCH', '/celebration_schedules/upsert_my_schedule', { celebration_type: 'birthday', selected_channel_ids: [] });
    await advance('2026-03-05T15:00:00Z');
    expect(posts()).toHaveLength(2);
    expect(posts()[1]!.text).toContain('Happy birthday, <@U0DEMO034>!');
    expect(posts()[1]!.text).not.toMatch(/U0DEMO012|U0DEMO031|U0DEMO035|U0DEMO010|U0DEMO025/);
    channel.members.push('U0DEMO012');
  });

  it('send now posts today\'s celebrations, or tells the owner there is nothing to post', async () => {
    // Tuesday 17 March, 10:00 UTC (06:00 in New York): nobody today.
    await advance('2026-03-17T10:00:00Z');
    const before = posts().length;
    await call(admin, 'PUT', '/channel_programs/send_now_data_as_json', { programs: [{ id: programId }] });
    await expect.poll(async () => (await call<{ done: boolean }>(admin, 'GET', `/celebrations/${programId}/send_now_complete_as_json`)).done, { timeout: 15_000 }).toBe(true);
    await t.services.queue.idle();
    expect(posts()).toHaveLength(before);
    const note = t.sandbox.state.messageList(dmWith(ACME.adminUserId).id).filter((m) => m.bot_id).at(-1)!;
    expect(note.text).toContain('Nothing to celebrate in #celebrations today');
    expect(note.text).toContain('Next up:');

    // Someone's birthday today: send now posts it at once, and 9:00 does not post it again.
    const petr = await memberId('U0DEMO037');
    await call(admin, 'PUT', '/celebration_schedules/create_or_update_as_json', { celebration_program_id: programId, schedule_type: 'birthday', user_id: petr, date: '03-18' });
    await advance('2026-03-18T10:00:00Z');
    await call(admin, 'PUT', '/channel_programs/send_now_data_as_json', { programs: [{ id: programId }] });
    await expect.poll(async () => (await call<{ done: boolean }>(admin, 'GET', `/celebrations/${programId}/send_now_complete_as_json`)).done, { timeout: 15_000 }).toBe(true);
    await expect.poll(() => posts().length, { timeout: 10_000 }).toBe(before + 1);
    expect(posts().at(-1)!.text).toContain('<@U0DEMO037>');
    await advance('2026-03-18T15:00:00Z');
    expect(posts()).toHaveLength(before + 1);
  });

  it('celebrates a Saturday birthday and a Sunday one on the Friday before, in one message that says so', async () => {
    // Isabela's birthday is Saturday 21 March; give Lucas Sunday the 22nd. Both go out on Friday the 20th at
    // 9:00 in New York, which is 13:00 UTC since the DST change on the 8th.
    const lucas = await memberId('U0DEMO033');
    await call(admin, 'PUT', '/celebration_schedules/create_or_update_as_json', { celebration_program_id: programId, schedule_type: 'birthday', user_id: lucas, date: '03-22' });
    await advance('2026-03-20T12:59:00Z');
    const before = posts().length;
    await advance('2026-03-20T13:01:00Z');
    expect(posts()).toHaveLength(before + 1);
    const friday = posts().at(-1)!;
    // Queued at 13:00; Slack's one-post-a-second pace may hold it until the clock's next step.
    const row = await t.services.outbox.repo.byKey((await t.services.workspaces.byTeamId(TEAM))!.id, `celebration:${programId}:2026-03-20`);
    expect(row!.created_at.toISOString()).toBe('2026-03-20T13:00:00.000Z');
    expect(Number(friday.ts)).toBeGreaterThanOrEqual(Date.parse('2026-03-20T13:00:00Z') / 1000);
    expect(Number(friday.ts)).toBeLessThanOrEqual(Date.parse('2026-03-20T13:01:00Z') / 1000);
    expect(friday.text).toContain('Happy birthday, <@U0DEMO019>!');
    expect(friday.text).toContain('Celebrating early — this is for Saturday, March 21.');
    expect(friday.text).toContain('Happy birthday, <@U0DEMO033>!');
    expect(friday.text).toContain('Celebrating early — this is for Sunday, March 22.');
    // The weekend itself posts nothing, even after switching to "on the day": both were celebrated this year.
    await call(admin, 'PUT', `/celebrations/${programId}/update_as_json`, { weekend_policy: 'on_the_day' });
    await advance('2026-03-23T12:00:00Z');
    expect(posts()).toHaveLength(before + 1);
    await call(admin, 'PUT', `/celebrations/${programId}/update_as_json`, { weekend_policy: 'friday_before' });
  });

  it('previews exactly what it posts, image included, from saved or unsaved settings', async () => {
    type Message = { text: string; blocks: Array<Record<string, unknown>> };
    type Preview = { next: (Message & { post_on: string; posts_at: string }) | null; samples: Record<'birthday' | 'anniversary' | 'custom', Message>; ask: Message; user_names: Record<string, string> };
    const shown = await call<{ celebration: { images: Record<string, string | null> }; image_choices: Array<{ id: string; type: string; url: string; alt: string }> }>(admin, 'GET', `/celebrations/${programId}`);
    expect(shown.celebration.images).toEqual({ birthday: 'birthday-balloons', anniversary: 'anniversary-medal', custom: 'custom-stars' });
    for (const type of ['birthday', 'anniversary', 'custom']) expect(shown.image_choices.filter((i) => i.type === type).length).toBeGreaterThanOrEqual(4);
    const cake = shown.image_choices.find((i) => i.id === 'birthday-cake')!;
    expect(cake.url).toBe(`${t.url}/celebration_images/birthday-cake.png`);
    const png = await fetch(cake.url);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');

    // Unsaved settings: the sample is built from them; a bad template is a field error, as on save.
    const unsaved = await call<Preview>(admin, 'POST', `/celebrations/${programId}/preview_as_json`, { birthday_template: 'Many happy returns, {name}!', birthday_image: 'birthday-cake' });
    expect(unsaved.samples.birthday.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: `Many happy returns, <@${ACME.adminUserId}>!` } },
      { type: 'image', image_url: cake.url, alt_text: cake.alt },
    ]);
    expect(unsaved.user_names[ACME.adminUserId]).toBeTruthy();
    // The ask-for-dates DM as people get it (the same builder as the send).
    expect(unsaved.ask.text).toMatch(/would love to celebrate you in #celebrations!/);
    expect(unsaved.samples.anniversary.blocks.at(-1)).toMatchObject({ type: 'image', image_url: `${t.url}/celebration_images/anniversary-medal.png` });
    const none = await call<Preview>(admin, 'POST', `/celebrations/${programId}/preview_as_json`, { custom_image: null });
    expect(none.samples.custom.blocks.some((b) => b.type === 'image')).toBe(false);
    const bad = await call<{ fields: Record<string, string> }>(admin, 'POST', `/celebrations/${programId}/preview_as_json`, { birthday_template: 'Happy {years}th, {name}!', birthday_image: 'anniversary-medal' }, 400);
    expect(bad.fields).toMatchObject({ birthday_template: 'Birthday messages never mention age: remove {years}', birthday_image: 'choose one of the images' });

    // Saved: the next post as previewed is the post Slack gets, block for block.
    await call(admin, 'PUT', `/celebrations/${programId}/update_as_json`, { birthday_image: 'birthday-cake', anniversary_image: 'anniversary-summit' });
    const { next } = await call<Preview>(admin, 'POST', `/celebrations/${programId}/preview_as_json`, {});
    expect(next).not.toBeNull();
    expect(next!.blocks.some((b) => b.type === 'image')).toBe(true);
    const before = posts().length;
    await advance(new Date(Date.parse(next!.posts_at) + 60_000).toISOString());
    expect(posts()).toHaveLength(before + 1);
    const sent = posts().at(-1)!;
    expect(sent.blocks).toEqual(next!.blocks);
    expect(sent.text).toBe(next!.text);
  });

  it('asks for dates by DM; the member answers in a modal that checks each field', async () => {
    const riley = await memberId('U0DEMO036'); // no birthday on file
    const deactivated = await memberId(ACME.deactivatedUserId);
    const sent = await call<{ num_sent: number; num_skipped: number }>(admin, 'POST', '/celebration_schedules/send_ask_for_dates_dms', { celebration_program_id: programId, user_ids: [riley, deactivated] });
    expect(sent).toEqual({ num_sent: 1, num_skipped: 1 });
    await t.services.queue.idle();
    const dm = dmWith('U0DEMO036');
    const ask = await (async () => {
      await expect.poll(() => t.sandbox.state.messageList(dm.id).filter((m) => m.bot_id).length, { timeout: 10_000 }).toBe(1);
      return t.sandbox.state.messageList(dm.id).filter((m) => m.bot_id)[0]!;
    })();
    expect(ask.text).toContain('Alex Rivera would love to celebrate you in #celebrations');

    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: 'U0DEMO036', channel_id: dm.id, message_ts: ask.ts, action_id: 'celebrations_open_dates' });
    const { modals } = await t.api<{ modals: Array<{ id: string; title: string }> }>('GET', `/sandbox/views?team=${TEAM}&user=U0DEMO036`);
    expect(modals).toHaveLength(1);

    const wrong = await t.api<{ response_action: string; errors: Record<string, string> }>('POST', '/sandbox/views/submit', {
      team_id: TEAM,
      user_id: 'U0DEMO036',
      values: { bday_month: { month: '2' }, bday_day: { day: '30' }, start_date: { date: '2031-01-01' } },
    });
    expect(wrong.response_action).toBe('errors');
    expect(wrong.errors).toEqual({ bday_day: 'February has only 29 days', start_date: "That's more than a year away — check the year?" });
    expect(await db().selectFrom('celebration_schedules').select('id').where('member_id', '=', riley).where('schedule_type', '=', 'birthday').execute()).toEqual([]);

    const ok = await t.api<{ response_action: string }>('POST', '/sandbox/views/submit', {
      team_id: TEAM,
      user_id: 'U0DEMO036',
      values: { bday_month: { month: '2' }, bday_day: { day: '29' }, bday_year: { year: '1996' }, start_date: { date: '2026-10-19' } },
    });
    expect(ok.response_action).toBe('close');
    const saved = await db().selectFrom('celebration_schedules').selectAll().where('member_id', '=', riley).orderBy('schedule_type').execute();
    expect(saved.map((s) => [s.schedule_type, s.month, s.day, s.year, s.source])).toEqual([
      ['anniversary', 10, 19, 2026, 'self'],
      ['birthday', 2, 29, 1996, 'self'],
    ]);
    await t.services.queue.idle();
    expect(t.sandbox.state.findMessage(dm.id, ask.ts)!.text).toContain('Thanks! Your dates are saved: birthday February 29');
    expect(t.sandbox.state.findMessage(dm.id, ask.ts)!.text).not.toContain('1996');
  });

  it('/hearth birthday opens the same modal, and the home tab shows the member\'s dates', async () => {
    await t.api('POST', '/sandbox/commands', { team_id: TEAM, user_id: 'U0DEMO009', channel_id: ACME.channels.general, text: 'birthday' });
    const { modals } = await t.api<{ modals: Array<{ title: string }> }>('GET', `/sandbox/views?team=${TEAM}&user=U0DEMO009`);
    expect(modals).toHaveLength(1);
    await t.api('POST', '/sandbox/views/close', { team_id: TEAM, user_id: 'U0DEMO009' });
    const home = await t.api<{ view: { id: string; blocks: unknown[] } | null }>('POST', '/sandbox/home/open', { team_id: TEAM, user_id: 'U0DEMO009' });
    expect(JSON.stringify(home.view)).toContain('Your birthday: *March 3*');
    expect(JSON.stringify(home.view)).not.toContain('1986');
    // "Edit my dates" on the home tab opens the modal too.
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: 'U0DEMO009', view_id: home.view!.id, action_id: 'celebrations_open_dates' });
    const again = await t.api<{ modals: Array<{ title: { text: string } }> }>('GET', `/sandbox/views?team=${TEAM}&user=U0DEMO009`);
    expect(again.modals.map((m) => m.title.text)).toEqual(['Your dates']);
  });

  it('lets a member set their own dates and channels, with the spec\'s checks', async () => {
    const me = await signIn(t, TEAM, 'U0DEMO021');
    await call(me, 'PATCH', '/celebration_schedules/upsert_my_schedule', { celebration_type: 'birthday', date: '02-30' }, 400);
    await call(me, 'PATCH', '/celebration_schedules/upsert_my_schedule', { celebration_type: 'anniversary', date: '10-11' }, 400);
    await call(me, 'PATCH', '/celebration_schedules/upsert_my_schedule', { celebration_type: 'birthday', selected_channel_ids: ['C0DEMOGEN'] }, 400);
    const saved = await call<{ schedule: { date: string; has_year: boolean; selected_channel_ids: string[] } }>(me, 'PATCH', '/celebration_schedules/upsert_my_schedule', {
      celebration_type: 'birthday',
      date: '1995-07-16',
    });
    expect(saved.schedule).toMatchObject({ date: '07-16', has_year: true, selected_channel_ids: [CELEB] });
    // Re-saving the same day without a year keeps the private year; a new day drops it.
    expect((await call<{ schedule: { has_year: boolean } }>(me, 'PATCH', '/celebration_schedules/upsert_my_schedule', { celebration_type: 'birthday', date: '07-16' })).schedule.has_year).toBe(true);
    expect((await call<{ schedule: { has_year: boolean } }>(me, 'PATCH', '/celebration_schedules/upsert_my_schedule', { celebration_type: 'birthday', date: '07-15' })).schedule.has_year).toBe(false);
    const removed = await call<{ schedule: { date: string | null } }>(me, 'PATCH', '/celebration_schedules/upsert_my_schedule', { celebration_type: 'anniversary', date: null });
    expect(removed.schedule.date).toBeNull();
  });
});
