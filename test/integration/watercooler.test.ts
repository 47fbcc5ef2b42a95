import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { ControllableClock } from '../../src/time/clock.js';
import type { WatercoolerJson } from '../../src/watercooler/api-types.js';
import { PacksRepository } from '../../src/watercooler/packs.repository.js';
import { outboxKey } from '../../src/watercooler/posting.js';
import { PostsRepository } from '../../src/watercooler/posts.repository.js';
import { installAndSync, signIn, startTestHearth, type TestHearth } from '../support/hearth.js';
import { call as callApp } from '../support/http.js';
import { setPlan } from '../support/sandbox-hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const WATER = ACME.channels.watercooler;

interface Session {
  cookie: string;
  csrf: string;
  memberId: number;
}

describe(`Watercooler (${path})`, () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let acme: number;
  let globex: number;
  let admin: Session;
  const clock = new ControllableClock(new Date('2026-03-02T08:00:00Z')); // Monday
  const db = () => t.hearth.services.db;

  const call = <T = Record<string, unknown>>(who: Session, method: string, url: string, body?: unknown, expectStatus = 200) => callApp<T>(t, who, method, url, body, expectStatus);
  const page = async (id: number, who = admin) => (await call<{ watercooler: WatercoolerJson }>(who, 'GET', `/watercooler/${id}`)).watercooler;
  /** Waits for queued work and for every watercooler message in the outbox to be settled. */
  async function settle() {
    const deadline = Date.now() + 15_000;
    for (;;) {
      await t.hearth.services.queue.idle();
      const open = await t.hearth.services.db.selectFrom('outbox').selectAll().where('state', 'in', ['pending', 'sending']).where('kind', '=', 'watercooler').execute();
      if (!open.length) return;
      if (Date.now() > deadline) throw new Error(`outbox rows still open at ${clock.now().toISOString()}: ${JSON.stringify(open)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const postsInChannel = (channel: string = WATER) => sandbox.state.messageList(channel).filter((m) => m.bot_id && !m.thread_ts);
  async function create(channel: string, template = 'watercooler-default-dozen', who = admin): Promise<number> {
    const res = await call<{ redirect_url: string; id: number }>(who, 'POST', '/channel_programs/apply_template_as_json', { template_id: template, channel_id: channel });
    expect(res.redirect_url).toBe(`/watercooler/${res.id}/edit`);
    return res.id;
  }
  /** Moves the clock to `at` and runs the tick there, waiting for its work. */
  async function tickAt(at: Date | string) {
    clock.set(new Date(at));
    await t.hearth.services.scheduler.tick(clock.now());
    await settle();
  }

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({ slackApiUrl: sandbox.url, clock });
    acme = await installAndSync(t, ACME.teamId, ACME.botToken);
    globex = await installAndSync(t, GLOBEX.teamId, GLOBEX.botToken);
    await t.hearth.services.workspaces.update(acme, { domain: ACME.domain });
    admin = await signIn(t, ACME.teamId, ACME.adminUserId);
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  describe('on the free plan', () => {
    let id: number;
    beforeAll(async () => {
      await setPlan(t, ACME.teamId, 'free');
      id = await create(WATER);
    });

    it('is created from the library template: Default Dozen, Wednesdays 11:00 in the creator’s zone, next slot computed', async () => {
      const templates = await call<{ templates: Array<{ id: string; type: string }> }>(admin, 'GET', '/templates');
      expect(templates.templates.filter((x) => x.type === 'Watercooler').map((x) => x.id)[0]).toBe('watercooler-default-dozen');
      const wc = await page(id);
      expect(wc.program).toMatchObject({ type: 'Watercooler', channel: '#watercooler', controller_path: `/watercooler/${id}`, page_path: `/watercooler/${id}/edit`, next_occurrence_on: '2026-03-04' });
      expect(wc.schedule).toMatchObject({ weekdays: [3], hour: 11, minute: 0, tz: 'America/New_York', description: 'Wednesdays at 11:00' });
      expect(wc.schedule.next_slots[0]).toBe('2026-03-04T16:00:00.000Z');
      expect(wc.packs.map((p) => p.name)).toEqual(['Default Dozen']);
      expect(wc.ordered_unsent_prompt_ids).toHaveLength(12);
      expect(wc.topicsQueue.promptIds).toEqual(wc.ordered_unsent_prompt_ids);
      expect(wc.topicsQueue.prompts[0]).toMatchObject({ status: 'queued', position: 1, pack_name: 'Default Dozen', next_at: '2026-03-04T16:00:00.000Z' });
      expect(wc.can_customize).toBe(false);
      // The channel's roster is read in the background on first view (and daily by the tick).
      const humans = sandbox.state.channel(ACME.teamId, WATER)!.members.filter((u) => u.startsWith('U0DEMO0') && u !== ACME.deactivatedUserId);
      await expect.poll(async () => (await page(id)).program.num_participants, { timeout: 10_000 }).toBe(humans.length);
    });

    it('refuses custom prompts, custom packs and premium packs with 402, and changes nothing', async () => {
      const before = await page(id);
      const r1 = await call<{ feature: string }>(admin, 'POST', '/watercooler_prompts/create_as_json', { watercooler_id: id, watercooler_prompt: { text: 'Cats or dogs?' } }, 402);
      expect(r1.feature).toBe('custom_prompts');
      const r2 = await call<{ feature: string }>(admin, 'POST', '/watercooler_prompts/bulk_create_as_json', { watercooler_id: id, pack_id: null, watercooler_prompts: [{ text: 'A?' }, { text: 'B?' }] }, 402);
      expect(r2.feature).toBe('custom_prompts');
      const r3 = await call<{ feature: string }>(admin, 'POST', '/watercooler_packs/create_as_json', { watercooler_id: id, watercooler_pack: { name: 'Ours' } }, 402);
      expect(r3.feature).toBe('custom_prompts');
      const library = await call<{ packs: Array<{ id: number; name: string; locked: boolean; is_free: boolean; prompts: unknown[] }> }>(admin, 'GET', `/watercooler/${id}/packs_library_as_json`);
      expect(library.packs.length).toBeGreaterThanOrEqual(8);
      expect(library.packs.filter((p) => !p.locked).map((p) => p.name)).toEqual(['Default Dozen']);
      const food = library.packs.find((p) => p.name === 'Food & drink')!;
      const r4 = await call<{ feature: string }>(admin, 'POST', `/watercooler/${id}/watercooler_packs_watercoolers/create_as_json`, { pack_id: food.id }, 402);
      expect(r4.feature).toBe('premium');
      await call(admin, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-fun-friday', channel_id: ACME.channels.general }, 402);
      expect(await t.hearth.services.db.selectFrom('channel_programs').select('id').where('channel_id', '=', ACME.channels.general).where('type', '=', 'Watercooler').execute()).toEqual([]);
      expect((await page(id)).ordered_unsent_prompt_ids).toEqual(before.ordered_unsent_prompt_ids);
    });

    it('validates updates as a whole: one bad field writes nothing', async () => {
      const bad = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/watercooler/${id}/update_as_json`, { watercooler: { weekdays: [2], tz: 'Mars/Olympus' } }, 400);
      expect(Object.keys(bad.fields)).toEqual(['tz']);
      await call(admin, 'PUT', `/watercooler/${id}/update_as_json`, { watercooler: { weekdays: [8] } }, 400);
      await call(admin, 'PUT', `/watercooler/${id}/update_as_json`, { watercooler: { hour: 24 } }, 400);
      await call(admin, 'PUT', `/watercooler/${id}/update_as_json`, { watercooler: { ordered_unsent_prompt_ids: [999_999] } }, 400);
      expect((await page(id)).schedule.weekdays).toEqual([3]);
    });

    it('is another workspace’s 404 and a non-editor’s 403', async () => {
      const outsider = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
      await call(outsider, 'GET', `/watercooler/${id}`, undefined, 404);
      await call(outsider, 'PUT', `/watercooler/${id}/update_as_json`, { watercooler: { hour: 9 } }, 404);
      await call(outsider, 'POST', `/watercooler/${id}/send_prompt_as_json`, {}, 404);
      const member = await signIn(t, ACME.teamId, 'U0DEMO008');
      await call(member, 'GET', `/watercooler/${id}`, undefined, 403);
      await call(member, 'POST', `/watercooler/${id}/prompt_adjustments/create_as_json`, { prompt_id: 1, kind: 'skip' }, 403);
      expect(globex).toBeGreaterThan(0);
    });

    it('posts at each slot once (two ticks at once), keeps the wall-clock time across DST, and recycles the dozen', async () => {
      const wc0 = await page(id);
      const expected = wc0.ordered_unsent_prompt_ids;
      // Two ticks at the same instant (two workers): one post.
      clock.set(new Date('2026-03-04T16:00:00Z'));
      await Promise.all([t.hearth.services.scheduler.tick(clock.now()), t.hearth.services.scheduler.tick(clock.now())]);
      await settle();
      await tickAt('2026-03-04T16:00:30Z');
      expect(postsInChannel()).toHaveLength(1);
      const first = postsInChannel()[0]!;
      const firstPrompt = wc0.topicsQueue.prompts.find((p) => p.id === expected[0])!.text;
      expect(first.blocks?.[0]).toMatchObject({ type: 'header', text: { type: 'plain_text', text: firstPrompt } });
      expect(first.blocks?.[1]).toMatchObject({ type: 'context', elements: [{ type: 'mrkdwn', text: 'Reply in the thread 👇' }] });
      const row = await t.hearth.services.outbox.repo.byKey(acme, outboxKey(id, new Date('2026-03-04T16:00:00Z')));
      expect(row?.state).toBe('sent');

      // The next Wednesday is after New York's DST change: 11:00 EDT is 15:00 UTC.
      const wc1 = await page(id);
      expect(wc1.schedule.next_slots[0]).toBe('2026-03-11T15:00:00.000Z');
      expect(wc1.sent[0]).toMatchObject({ text: firstPrompt, state: 'sent', source: 'schedule' });
      expect(wc1.sent[0]!.permalink).toMatch(/^https:\/\/acme-demo\.slack\.com\/archives\/C0DEMOWATER\/p\d+$/);
      await tickAt('2026-03-11T14:59:00Z');
      expect(postsInChannel()).toHaveLength(1);
      await tickAt('2026-03-11T15:00:00Z');
      expect(postsInChannel()).toHaveLength(2);

      // Eleven more Wednesdays: the whole dozen once, in queue order, then it starts again.
      let slot = new Date('2026-03-11T15:00:00Z');
      for (let i = 0; i < 11; i++) {
        const next = (await page(id)).schedule.next_slots[0]!;
        expect(new Date(next).getTime()).toBeGreaterThan(slot.getTime());
        slot = new Date(next);
        await tickAt(slot);
      }
      const texts = postsInChannel().map((m) => (m.blocks?.[0] as { text: { text: string } }).text.text);
      const order = expected.map((pid) => wc0.topicsQueue.prompts.find((p) => p.id === pid)!.text);
      expect(texts.slice(0, 12)).toEqual(order);
      expect(texts[12]).toBe(order[0]);
      const wc2 = await page(id);
      expect(wc2.cycle).toBe(2);
      expect(wc2.ordered_unsent_prompt_ids).toEqual(expected.slice(1));
    });
  });

  describe('on the premium plan', () => {
    let id: number;
    let packs: Array<{ id: number; name: string; prompts: Array<{ id: number; text: string }> }>;
    beforeAll(async () => {
      await setPlan(t, ACME.teamId, 'premium');
      id = await create(ACME.channels.celebrations, 'watercooler-remote-team');
      packs = (await call<{ packs: typeof packs }>(admin, 'GET', `/watercooler/${id}/packs_library_as_json`)).packs;
    });

    it('applies a premium template: its packs in its order, alternating in the queue', async () => {
      const wc = await page(id);
      expect(wc.packs.map((p) => p.name)).toEqual(['Remote work', 'Getting to know you', 'Default Dozen']);
      expect(wc.schedule).toMatchObject({ weekdays: [2, 4], hour: 10 });
      const first3 = wc.topicsQueue.prompts.slice(0, 3).map((p) => p.pack_name);
      expect(first3).toEqual(['Remote work', 'Getting to know you', 'Default Dozen']);
    });

    it('subscribes and unsubscribes packs', async () => {
      const food = packs.find((p) => p.name === 'Food & drink')!;
      let wc = (await call<{ watercooler: WatercoolerJson }>(admin, 'POST', `/watercooler/${id}/watercooler_packs_watercoolers/create_as_json`, { pack_id: food.id })).watercooler;
      expect(wc.packs.map((p) => p.name)).toContain('Food & drink');
      expect(wc.ordered_unsent_prompt_ids).toContain(food.prompts[0]!.id);
      wc = (await call<{ watercooler: WatercoolerJson }>(admin, 'DELETE', `/watercooler/${id}/watercooler_packs_watercoolers/destroy_as_json`, { pack_id: food.id })).watercooler;
      expect(wc.packs.map((p) => p.name)).not.toContain('Food & drink');
      expect(wc.ordered_unsent_prompt_ids).not.toContain(food.prompts[0]!.id);
      await call(admin, 'POST', `/watercooler/${id}/watercooler_packs_watercoolers/create_as_json`, { pack_id: 999_999 }, 404);
    });

    it('adds, edits and deletes its own prompts; bulk-adds suggestions', async () => {
      const created = await call<{ prompt: { id: number }; watercooler: WatercoolerJson }>(admin, 'POST', '/watercooler_prompts/create_as_json', { watercooler_id: id, watercooler_prompt: { text: '  What is your favourite   board game? ' } });
      expect(created.watercooler.prompts.map((p) => p.text)).toEqual(['What is your favourite board game?']);
      // Own prompts lead the natural order.
      expect(created.watercooler.ordered_unsent_prompt_ids[0]).toBe(created.prompt.id);
      await call(admin, 'POST', '/watercooler_prompts/create_as_json', { watercooler_id: id, watercooler_prompt: { text: 'what is your FAVOURITE board game' } }, 400);
      await call(admin, 'POST', '/watercooler_prompts/create_as_json', { watercooler_id: id, watercooler_prompt: { text: '   ' } }, 400);

      const edited = await call<{ watercooler: WatercoolerJson }>(admin, 'PUT', `/watercooler_prompts/${created.prompt.id}/update_as_json`, { watercooler_prompt: { text: 'Which board game should we play at the offsite?' } });
      expect(edited.watercooler.prompts[0]!.text).toBe('Which board game should we play at the offsite?');

      const suggestions = await call<{ prompts: Array<{ text: string; pack_id: number }> }>(admin, 'GET', `/watercooler/${id}/suggest_prompts_as_json?limit=5`);
      expect(suggestions.prompts).toHaveLength(5);
      const inQueue = new Set(edited.watercooler.topicsQueue.prompts.map((p) => p.text));
      for (const s of suggestions.prompts) expect(inQueue.has(s.text)).toBe(false);
      const bulk = await call<{ prompts: unknown[]; watercooler: WatercoolerJson }>(admin, 'POST', '/watercooler_prompts/bulk_create_as_json', {
        watercooler_id: id,
        pack_id: suggestions.prompts[0]!.pack_id,
        watercooler_prompts: suggestions.prompts.slice(0, 2).map((s) => ({ text: s.text })),
      });
      expect(bulk.prompts).toHaveLength(2);
      expect(bulk.watercooler.prompts).toHaveLength(3);
      expect(bulk.watercooler.prompts[1]!.source_pack_id).toBe(suggestions.prompts[0]!.pack_id);

      const gone = await call<{ watercooler: WatercoolerJson }>(admin, 'DELETE', `/watercooler_prompts/${created.prompt.id}/destroy_as_json`, { watercooler_id: id });
      expect(gone.watercooler.prompts).toHaveLength(2);
      expect(gone.watercooler.ordered_unsent_prompt_ids).not.toContain(created.prompt.id);
      // Another watercooler's id, or none of this workspace: 404.
      await call(admin, 'DELETE', `/watercooler_prompts/${created.prompt.id}/destroy_as_json`, { watercooler_id: id }, 404);
    });

    it('skips and pins prompts (pins first, skips gone), and reorders the queue', async () => {
      let wc = await page(id);
      const [a, b, c, d] = wc.ordered_unsent_prompt_ids;
      wc = (await call<{ watercooler: WatercoolerJson }>(admin, 'POST', `/watercooler/${id}/prompt_adjustments/create_as_json`, { prompt_id: b, kind: 'skip' })).watercooler;
      expect(wc.ordered_unsent_prompt_ids).not.toContain(b);
      expect(wc.topicsQueue.prompts.find((p) => p.id === b)).toMatchObject({ status: 'skipped', position: null });
      wc = (await call<{ watercooler: WatercoolerJson }>(admin, 'POST', `/watercooler/${id}/prompt_adjustments/create_as_json`, { prompt_id: d, kind: 'pin' })).watercooler;
      expect(wc.ordered_unsent_prompt_ids.slice(0, 3)).toEqual([d, a, c]);
      expect(wc.topicsQueue.prompts[0]).toMatchObject({ id: d, status: 'pinned', position: 1 });
      expect(wc.adjustments).toEqual(expect.arrayContaining([{ prompt_id: b, kind: 'skip' }, { prompt_id: d, kind: 'pin' }]));

      // Reorder: c before a (the pin stays first).
      const order = wc.ordered_unsent_prompt_ids.filter((x) => x !== d);
      const reordered = [c!, a!, ...order.filter((x) => x !== a && x !== c)];
      wc = (await call<{ watercooler: WatercoolerJson }>(admin, 'PUT', `/watercooler/${id}/update_as_json`, { watercooler: { ordered_unsent_prompt_ids: reordered } })).watercooler;
      expect(wc.ordered_unsent_prompt_ids.slice(0, 3)).toEqual([d, c, a]);

      wc = (await call<{ watercooler: WatercoolerJson }>(admin, 'DELETE', `/watercooler/${id}/prompt_adjustments/destroy_as_json`, { prompt_id: b })).watercooler;
      expect(wc.ordered_unsent_prompt_ids).toContain(b);
      await call(admin, 'DELETE', `/watercooler/${id}/prompt_adjustments/destroy_as_json`, { prompt_id: b }, 404);
      await call(admin, 'POST', `/watercooler/${id}/prompt_adjustments/create_as_json`, { prompt_id: 999_999, kind: 'pin' }, 400);

      // Hide inactive prompts is kept.
      wc = (await call<{ watercooler: WatercoolerJson }>(admin, 'PUT', `/watercooler/${id}/update_as_json`, { watercooler: { hideInactivePrompts: true } })).watercooler;
      expect(wc.hideInactivePrompts).toBe(true);
    });

    it('sends now: the pinned prompt goes out, the pin is used up, send-now completes', async () => {
      const before = await page(id);
      const pinned = before.topicsQueue.prompts[0]!;
      expect(pinned.status).toBe('pinned');
      const res = await call<{ program: { send_now_data: { isLoading: boolean } } }>(admin, 'POST', `/watercooler/${id}/send_prompt_as_json`, {});
      expect(res.program.send_now_data).toBeDefined();
      await settle();
      const status = await call<{ done: boolean }>(admin, 'GET', `/watercooler/${id}/send_now_complete_as_json`);
      expect(status.done).toBe(true);
      const posted = postsInChannel(ACME.channels.celebrations);
      expect(posted).toHaveLength(1);
      expect((posted[0]!.blocks?.[0] as { text: { text: string } }).text.text).toBe(pinned.text);
      const after = await page(id);
      expect(after.adjustments.find((a) => a.kind === 'pin')).toBeUndefined();
      expect(after.sent[0]).toMatchObject({ prompt_id: pinned.id, source: 'send_now', state: 'sent' });
      expect(after.topicsQueue.prompts.find((p) => p.id === pinned.id)!.status).toBe('sent');
    });

    it('custom packs: create with prompts, edit, add, reorder, delete, suggest; the library cannot be edited', async () => {
      const created = await call<{ pack: { id: number; prompts: Array<{ id: number; text: string }>; can_edit: boolean }; watercooler: WatercoolerJson }>(admin, 'POST', '/watercooler_packs/create_as_json', {
        watercooler_id: id,
        watercooler_pack: { name: 'Team rituals', description: 'How we work and celebrate', emoji: '🪴', prompts: ['What ritual should we start?', 'What ritual should we stop?'] },
      });
      expect(created.pack.can_edit).toBe(true);
      expect(created.pack.prompts.map((p) => p.text)).toEqual(['What ritual should we start?', 'What ritual should we stop?']);
      expect(created.watercooler.packs.map((p) => p.name)).toContain('Team rituals');
      const packId = created.pack.id;
      await call(admin, 'POST', '/watercooler_packs/create_as_json', { watercooler_id: id, watercooler_pack: { name: 'team RITUALS' } }, 400);

      const renamed = await call<{ pack: { name: string } }>(admin, 'PUT', `/watercooler_packs/${packId}/update_as_json`, { watercooler_pack: { name: 'Rituals' } });
      expect(renamed.pack.name).toBe('Rituals');
      const added = await call<{ prompt: { id: number }; pack: { prompts: Array<{ id: number }> } }>(admin, 'POST', `/watercooler_packs/${packId}/prompts`, { prompt: { text: 'What ritual would you bring from a past team?' } });
      expect(added.pack.prompts).toHaveLength(3);
      await call(admin, 'POST', `/watercooler_packs/${packId}/prompts`, { text: 'What ritual should we START?' }, 400);
      const up = await call<{ pack: { prompts: Array<{ id: number }> } }>(admin, 'PUT', `/watercooler_packs/${packId}/prompts/${added.prompt.id}/reorder`, { direction: 'up' });
      expect(up.pack.prompts.map((p) => p.id)).toEqual([created.pack.prompts[0]!.id, added.prompt.id, created.pack.prompts[1]!.id]);
      await call(admin, 'PUT', `/watercooler_packs/${packId}/prompts/${added.prompt.id}/reorder`, { direction: 'sideways' }, 400);
      const del = await call<{ pack: { prompts: Array<{ id: number }> } }>(admin, 'DELETE', `/watercooler_packs/${packId}/prompts/${created.pack.prompts[0]!.id}`);
      expect(del.pack.prompts.map((p) => p.id)).toEqual([added.prompt.id, created.pack.prompts[1]!.id]);
      const sugg = await call<{ prompts: Array<{ text: string }> }>(admin, 'GET', `/watercooler_packs/${packId}/suggest_prompts_as_json`);
      expect(sugg.prompts.length).toBeGreaterThan(0);

      const library = packs.find((p) => p.name === 'Default Dozen')!;
      await call(admin, 'PUT', `/watercooler_packs/${library.id}/update_as_json`, { watercooler_pack: { name: 'Mine now' } }, 403);
      await call(admin, 'POST', `/watercooler_packs/${library.id}/prompts`, { text: 'Sneaky?' }, 403);
      // The pack's access policy keeps both refusals' words: the library's, and someone else's pack.
      const refusal = await call<{ error: string }>(admin, 'PUT', `/watercooler_packs/${library.id}/prompts/${library.prompts[0]!.id}/reorder`, { direction: 'down' }, 403);
      expect(refusal.error).toBe("Hearth's own packs can't be changed. Create a pack of your own, or add prompts to your Watercooler.");
      const member = await signIn(t, ACME.teamId, 'U0DEMO008');
      expect((await call<{ error: string }>(member, 'PUT', `/watercooler_packs/${packId}/update_as_json`, { watercooler_pack: { name: 'Mine' } }, 403)).error).toBe(
        "Only this pack's creator, editors of a Watercooler using it and workspace admins can change it",
      );
      const outsider = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
      await call(outsider, 'DELETE', `/watercooler_packs/${packId}/prompts/${added.prompt.id}`, undefined, 404);
      await call(outsider, 'PUT', `/watercooler_packs/${packId}/update_as_json`, { watercooler_pack: { name: 'Theirs' } }, 404);
      const glxLibrary = await call<{ prompts: unknown[] }>(outsider, 'GET', `/watercooler_packs/${packId}/suggest_prompts_as_json`, undefined, 404);
      expect(glxLibrary).toBeDefined();
    });

    it('pausing stops posting; turning back on resumes from the next slot, not the missed one', async () => {
      await call(admin, 'PUT', `/watercooler/${id}/update_as_json`, { watercooler: { is_active: false } });
      const before = postsInChannel(ACME.channels.celebrations).length;
      const wc = await page(id);
      expect(wc.schedule.next_slots).toEqual([]);
      expect(wc.program.next_occurrence_on).toBeNull();
      await call(admin, 'POST', `/watercooler/${id}/send_prompt_as_json`, {}, 400);
      // A week and a day later: every slot of the old schedule has passed, none posted.
      await tickAt(new Date(clock.now().getTime() + 8 * 86_400_000));
      expect(postsInChannel(ACME.channels.celebrations)).toHaveLength(before);
      const on = (await call<{ watercooler: WatercoolerJson }>(admin, 'PUT', `/watercooler/${id}/update_as_json`, { watercooler: { is_active: true, weekdays: [1, 3, 5], hour: 9, minute: 30, tz: 'Europe/London' } })).watercooler;
      expect(on.schedule).toMatchObject({ weekdays: [1, 3, 5], hour: 9, minute: 30, tz: 'Europe/London' });
      expect(new Date(on.schedule.next_slots[0]!).getTime()).toBeGreaterThan(clock.now().getTime());
      await tickAt(clock.now());
      expect(postsInChannel(ACME.channels.celebrations)).toHaveLength(before);
      await tickAt(on.schedule.next_slots[0]!);
      expect(postsInChannel(ACME.channels.celebrations)).toHaveLength(before + 1);
    });
  });

  describe('engagement, from events through the real Bolt receiver', () => {
    let id: number;
    let ts: string;
    const humans = () => sandbox.state.channel(ACME.teamId, ACME.channels.newHires)!.members.filter((u) => u.startsWith('U0DEMO0'));
    beforeAll(async () => {
      id = await create(ACME.channels.newHires);
      await call(admin, 'POST', `/watercooler/${id}/send_prompt_as_json`, {});
      await settle();
      ts = postsInChannel(ACME.channels.newHires)[0]!.ts;
    });

    const event = (e: Record<string, unknown>, eventId?: string) => t.driver.event({ teamId: ACME.teamId, event: e, ...(eventId ? { eventId } : {}) });
    const reply = (user: string, replyTs: string, extra: Record<string, unknown> = {}) =>
      event({ type: 'message', channel: ACME.channels.newHires, channel_type: 'channel', user, text: 'My answer', ts: replyTs, thread_ts: ts, event_ts: replyTs, ...extra });
    const sent = async () => (await page(id)).sent[0]!;

    it('counts thread replies once each, ignoring retries, bots, top-level messages and other threads', async () => {
      const [u1, u2] = humans();
      const base = Number(ts.split('.')[0]);
      const first = await reply(u1!, `${base + 10}.000100`);
      expect(first.response.status).toBe(200);
      // Slack retries the same event_id: counted once.
      await t.driver.event({ teamId: ACME.teamId, eventId: first.eventId, retryNum: 1, event: { type: 'message', channel: ACME.channels.newHires, user: u1, text: 'My answer', ts: `${base + 10}.000100`, thread_ts: ts } });
      // A second delivery of the same message under a new event id: still one reply (keyed on its ts).
      await reply(u1!, `${base + 10}.000100`);
      // Bolt acks an event before its listener runs: each reply is counted before the next is sent, so the
      // replied events below are recorded in the order the replies were written.
      await expect.poll(async () => (await sent()).replies, { timeout: 10_000 }).toBe(1);
      await reply(u2!, `${base + 20}.000100`);
      await expect.poll(async () => (await sent()).replies, { timeout: 10_000 }).toBe(2);
      await reply(u1!, `${base + 30}.000100`);
      await reply('U0DEMOPOLL', `${base + 40}.000100`, { bot_id: 'B0POLL' });
      await event({ type: 'message', channel: ACME.channels.newHires, user: u2, text: 'not in the thread', ts: `${base + 50}.000100` });
      await reply(u2!, `${base + 60}.000100`, { thread_ts: `${base - 1000}.000100` });
      await expect.poll(async () => (await sent()).replies, { timeout: 10_000 }).toBe(3);
      expect((await sent()).participants).toBe(2);
    });

    it('records watercooler.replied once per counted reply message, never for retries, bots or other threads', async () => {
      const [u1, u2] = humans();
      const post = await sent();
      const events = await db().selectFrom('domain_events').select(['workspace_id', 'payload']).where('type', '=', 'watercooler.replied').orderBy('seq').execute();
      const mine = events.filter((e) => (e.payload as { postId: number }).postId === post.id);
      // Slack's events may be handled concurrently (several workers), so the replies' order is not asserted.
      const bySender = (a: { slackUserId: string }, b: { slackUserId: string }) => a.slackUserId.localeCompare(b.slackUserId);
      expect(mine.map((e) => e.payload as { slackUserId: string }).sort(bySender)).toEqual([u1, u2, u1].map((slackUserId) => ({ programId: id, postId: post.id, slackUserId: slackUserId! })).sort(bySender));
      expect(mine.every((e) => e.workspace_id === acme)).toBe(true);
    });

    it('a deleted reply is uncounted; reactions on the prompt count per person and emoji', async () => {
      const [u1, u2] = humans();
      const base = Number(ts.split('.')[0]);
      await event({ type: 'message', subtype: 'message_deleted', channel: ACME.channels.newHires, deleted_ts: `${base + 30}.000100`, previous_message: { ts: `${base + 30}.000100`, thread_ts: ts, user: u1 }, ts: `${base + 70}.000000` });
      await expect.poll(async () => (await sent()).replies, { timeout: 10_000 }).toBe(2);
      const react = (type: string, user: string, reaction: string) => event({ type, user, reaction, item: { type: 'message', channel: ACME.channels.newHires, ts }, item_user: ACME.botUserId, event_ts: `${base + 80}.000000` });
      await react('reaction_added', u1!, 'tada');
      await react('reaction_added', u2!, 'tada');
      await react('reaction_added', u2!, 'heart');
      await react('reaction_added', u2!, 'heart');
      await react('reaction_added', 'U0DEMOPOLL', 'robot_face');
      await expect.poll(async () => (await sent()).reactions, { timeout: 10_000 }).toBe(3);
      await react('reaction_removed', u2!, 'heart');
      await expect.poll(async () => (await sent()).reactions, { timeout: 10_000 }).toBe(2);
      // Engagement was never read from channel history.
      expect(sandbox.state.callsTo('conversations.history', ACME.teamId).length + sandbox.state.callsTo('conversations.replies', ACME.teamId).length).toBe(0);
    });

    it('shows the member’s watercooler channels and the latest prompt in the home tab', async () => {
      const [u1] = humans();
      const ws = (await t.hearth.services.workspaces.byId(acme))!;
      const member = (await t.hearth.services.people.bySlackId(acme, u1!))!;
      await t.hearth.services.home.publish(ws, member, 'watercooler-test');
      await settle();
      await t.hearth.services.queue.idle();
      await expect.poll(() => sandbox.state.homeView(ACME.teamId, u1!) !== undefined, { timeout: 10_000 }).toBe(true);
      const text = JSON.stringify(sandbox.state.homeView(ACME.teamId, u1!)!.blocks);
      expect(text).toContain('Watercooler');
      expect(text).toContain(`<#${ACME.channels.newHires}>`);
      expect(text).toContain(`/archives/${ACME.channels.newHires}/p${ts.replace('.', '')}`);
      expect(text).toContain('2 replies');
    });
  });

  it('records one watercooler.prompt_posted per composed post, with its program, post and prompt', async () => {
    const posts = await db().selectFrom('watercooler_posts').select(['workspace_id', 'program_id', 'id', 'prompt_id']).where('state', '=', 'queued').orderBy('id').execute();
    const events = await db().selectFrom('domain_events').select(['workspace_id', 'payload']).where('type', '=', 'watercooler.prompt_posted').orderBy('id').execute();
    expect(posts.length).toBeGreaterThan(12);
    expect(events.map((e) => ({ workspace_id: e.workspace_id, ...(e.payload as object) }))).toEqual(
      posts.map((p) => ({ workspace_id: p.workspace_id, programId: p.program_id, postId: p.id, promptId: p.prompt_id })),
    );
  });

  it('keeps another workspace out at the repository: its id finds, adds and changes nothing of this one’s', async () => {
    const [program] = await db().selectFrom('watercoolers').select('program_id').where('workspace_id', '=', acme).orderBy('program_id').execute();
    const programId = program!.program_id;
    const post = (await db().selectFrom('watercooler_posts').select('id').where('program_id', '=', programId).where('state', '=', 'queued').executeTakeFirstOrThrow()).id;
    const pack = (await db().selectFrom('watercooler_packs').select('id').where('library_key', '=', 'food').executeTakeFirstOrThrow()).id;
    const prompt = (await db().selectFrom('watercooler_prompts').select('id').where('pack_id', '=', pack).executeTakeFirstOrThrow()).id;
    const packs = new PacksRepository(db());
    const posts = new PostsRepository(db());
    const at = clock.now();
    const [subs, adjustments, replies] = await db()
      .transaction()
      .execute(async (trx) => {
        await packs.subscribe(trx, globex, programId, pack, at);
        await packs.setAdjustment(trx, globex, programId, prompt, 'skip', at);
        const added = await posts.addReply(trx, globex, post, '1.000001', 'U0DEMO001', at);
        expect(added).toBe(false);
        return Promise.all([
          trx.selectFrom('watercooler_pack_subscriptions').select('pack_id').where('program_id', '=', programId).where('pack_id', '=', pack).execute(),
          trx.selectFrom('watercooler_prompt_adjustments').select('prompt_id').where('program_id', '=', programId).where('prompt_id', '=', prompt).execute(),
          trx.selectFrom('watercooler_replies').select('ts').where('post_id', '=', post).where('ts', '=', '1.000001').execute(),
        ]);
      });
    expect([subs, adjustments, replies]).toEqual([[], [], []]);
    expect(await posts.posts(globex, programId, 10)).toEqual([]);
    expect(await posts.post(globex, post)).toBeUndefined();
    expect(await packs.subscribedPackIds(globex, programId)).toEqual([]);
    // The same calls with the right workspace do find it.
    expect((await posts.post(acme, post))?.id).toBe(post);
    expect((await packs.subscribedPackIds(acme, programId)).length).toBeGreaterThan(0);
  });

  it('claims each slot once in the database, however often the tick runs', async () => {
    const rows = await sql<{ n: number }>`select count(*)::int as n from watercooler_posts group by program_id, slot_at having count(*) > 1`.execute(db());
    expect(rows.rows).toEqual([]);
  });
});
