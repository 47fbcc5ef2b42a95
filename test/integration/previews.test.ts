import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTRO_MESSAGE } from '../../src/intros/templates.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { type SandboxHearth, setPlan, startSandboxHearth } from '../support/sandbox-hearth.js';
import { db, signedIn, type ApiClient } from './intros-support.js';

interface Preview {
  text: string;
  blocks: Array<Record<string, unknown>>;
  user_names?: Record<string, string>;
  prompt_id?: number | null;
}

/** The intro's meeting id appears in its buttons; a preview has no meeting yet (0). */
const withMeeting = (blocks: unknown[], meetingId: number) =>
  JSON.parse(JSON.stringify(blocks).replaceAll('"intros_meeting_0"', `"intros_meeting_${meetingId}"`).replaceAll('"value":"0"', `"value":"${meetingId}"`)) as unknown[];

/** What an admin previews is what is sent: the preview endpoints answer with the blocks the senders post. */
describe(`Previews are the real message (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let admin: ApiClient;
  let outsider: ApiClient;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signedIn(t, ACME.teamId, ACME.adminUserId);
    outsider = await signedIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await setPlan(t, ACME.teamId, 'premium');
  });
  afterAll(() => t?.close());

  it("Intros: the settings preview is the first group's intro of the next round, block for block", async () => {
    const { id } = await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    const preview = await admin.call<Preview>('POST', `/coffee/${id}/preview_as_json`, {});
    expect(preview.blocks[0]).toMatchObject({ type: 'header', text: { text: 'Time for a coffee chat ☕' } });
    const mentioned = [...JSON.stringify(preview.blocks).matchAll(/<@(U[A-Z0-9]+)>/g)].map((m) => m[1]!);
    expect(mentioned.length).toBe(2);
    for (const u of mentioned) expect(preview.user_names?.[u]).toBeTruthy();

    // Unsaved settings change the preview, and nothing is saved.
    const draft = await admin.call<Preview>('POST', `/coffee/${id}/preview_as_json`, { intro_message: 'Bring a favourite snack.', calendar_scheduling_selection: 'fixed-meeting' });
    expect(JSON.stringify(draft.blocks)).toContain('Bring a favourite snack.');
    expect(JSON.stringify(draft.blocks)).not.toContain(DEFAULT_INTRO_MESSAGE.slice(0, 30));
    const config = await db(t).selectFrom('intros_configs').selectAll().where('program_id', '=', id).executeTakeFirstOrThrow();
    expect(config.intro_message).toBe(DEFAULT_INTRO_MESSAGE);

    // The round runs: its first group's DM is the preview, with the meeting's id in its buttons.
    t.clock.set(config.next_run_at!);
    await t.services.scheduler.tick(config.next_run_at!);
    await t.services.queue.idle();
    const round = await db(t).selectFrom('intros_rounds').selectAll().where('program_id', '=', id).executeTakeFirstOrThrow();
    expect(round.state).toBe('sent');
    const meeting = await db(t).selectFrom('intros_meetings').select(['id', 'intro_key']).where('round_id', '=', round.id).where('group_index', '=', 0).executeTakeFirstOrThrow();
    const sent = await db(t).selectFrom('outbox').select('payload').where('idempotency_key', '=', meeting.intro_key).executeTakeFirstOrThrow();
    const args = sent.payload as { text: string; blocks: unknown[]; users: string[] };
    expect(args.blocks).toEqual(withMeeting(preview.blocks, meeting.id));
    expect(args.text).toBe(preview.text);
    expect([...args.users].sort()).toEqual([...mentioned].sort());
  });

  it('Intros: bad settings are a 400 naming the field; another workspace\'s program is a 404', async () => {
    const { id } = await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-lunch-trio', channel_id: ACME.channels.general });
    const bad = await admin.call<{ fields: Record<string, string> }>('POST', `/coffee/${id}/preview_as_json`, { intro_message: 'x'.repeat(2001) }, 400);
    expect(bad.fields.intro_message).toBe('must be at most 2000 characters');
    await outsider.call('POST', `/coffee/${id}/preview_as_json`, {}, 404);
  });

  it("Intros: a new program's preview is the template's first intro, with the viewer in it", async () => {
    const preview = await admin.call<Preview>('POST', '/coffee/preview_as_json', { template_id: 'intros-lunch-trio', channel_id: ACME.channels.general });
    expect(preview.blocks[0]).toMatchObject({ type: 'header', text: { text: 'Time for a group chat ☕' } });
    const text = JSON.stringify(preview.blocks);
    expect(text).toContain(`<@${ACME.adminUserId}>`);
    expect(text).toContain('Time for lunch together!');
    expect(text).toContain('*#general*');
    expect(text).toContain('First time meeting for everyone');
    const bad = await admin.call<{ fields: Record<string, string> }>('POST', '/coffee/preview_as_json', { template_id: 'watercooler-default-dozen' }, 400);
    expect(bad.fields.template_id).toBe('not an Intros template');
  });

  it("Watercooler: the preview is the queue's next prompt, and send now posts exactly it", async () => {
    const { id } = await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.watercooler });
    const preview = await admin.call<Preview>('POST', `/watercooler/${id}/preview_as_json`, {});
    expect(preview.prompt_id).toEqual(expect.any(Number));
    expect(preview.blocks[0]).toMatchObject({ type: 'header' });

    // One prompt of the queue by id; another program's prompt id is a 404.
    const page = await admin.call<{ watercooler: { topicsQueue: { prompts: Array<{ id: number; text: string }> } } }>('GET', `/watercooler/${id}`);
    const third = page.watercooler.topicsQueue.prompts[2]!;
    const chosen = await admin.call<Preview>('POST', `/watercooler/${id}/preview_as_json`, { prompt_id: third.id });
    expect(chosen.blocks[0]).toMatchObject({ type: 'header', text: { text: third.text } });
    await admin.call('POST', `/watercooler/${id}/preview_as_json`, { prompt_id: 999_999 }, 404);
    await outsider.call('POST', `/watercooler/${id}/preview_as_json`, {}, 404);

    await admin.call('POST', `/watercooler/${id}/send_prompt_as_json`, {});
    let sent: { payload: unknown } | undefined;
    for (const deadline = Date.now() + 15_000; !sent && Date.now() < deadline; ) {
      await t.services.queue.idle();
      sent = await db(t).selectFrom('outbox').select('payload').where('kind', '=', 'watercooler').where('idempotency_key', 'like', `watercooler:${id}:%`).executeTakeFirst();
    }
    const args = sent!.payload as { text: string; blocks: unknown[] };
    expect(args.blocks).toEqual(preview.blocks);
    expect(args.text).toBe(preview.text);
  });

  it("Watercooler: a new program's preview is its template's first prompt", async () => {
    const preview = await admin.call<Preview>('POST', '/watercooler/preview_as_json', { template_id: 'watercooler-default-dozen' });
    expect(preview.blocks).toHaveLength(2);
    expect(preview.blocks[1]).toMatchObject({ type: 'context', elements: [{ text: 'Reply in the thread 👇' }] });
    await admin.call('POST', '/watercooler/preview_as_json', { template_id: 'nope' }, 400);
  });
});
