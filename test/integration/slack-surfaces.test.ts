import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { App } from '@slack/bolt';
import type { KnownBlock, ModalView } from '@slack/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS as CELEBRATIONS, DATES_MODAL } from '../../src/celebrations/blocks.js';
import { SELF_JOIN_ACTION, SURVEY_OPEN_ACTION, SURVEY_VIEW } from '../../src/enrollment/blocks.js';
import { INTROS_ACTIONS, INTROS_VIEWS, leaveReasonModal } from '../../src/intros/blocks.js';
import { PREFS_ACTION, PREFS_MODAL } from '../../src/intros/preferences-blocks.js';
import { ACTIONS as JOURNEYS } from '../../src/journeys/blocks.js';
import { MEMBER_ACTIONS, PROFILE_MODAL } from '../../src/members/blocks.js';
import { DELETE_MY_DATA_ACTION } from '../../src/platform/data/slack.js';
import { ACTIONS as POINTS, BLOCKS as SHOUTOUT_BLOCKS, SHOUTOUT_SHORTCUT, shoutoutModal } from '../../src/points/blocks.js';
import { commentModal, COMMENT_ACTION, COMMENT_BLOCK } from '../../src/reporting/blocks.js';
import { ACME } from '../../src/sandbox/seed.js';
import { dmWith, settle, startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../manifest.json', import.meta.url)), 'utf8')) as { settings: { event_subscriptions: { bot_events: string[] } } };

/**
 * What a real workspace sees of Hearth beyond its programs: every event it subscribes to has a listener, a DM to
 * the app is answered with help, and the workspace's name and domain (for permalinks) come from team.info and
 * stay current with team_rename and team_domain_change.
 */
describe('Slack surfaces that answer', () => {
  let t: SandboxHearth;
  const listened = new Set<string>();
  /** The action_ids (a string, or a pattern), callback_ids of views and of shortcuts the app listens for. */
  const interactions: Array<{ kind: 'action' | 'view' | 'shortcut'; id: string | RegExp }> = [];
  const { event, action, view, shortcut } = App.prototype;

  beforeAll(async () => {
    // What the app's listeners register, as Bolt is told it.
    App.prototype.event = function (this: App, ...args: Parameters<App['event']>) {
      listened.add(String(args[0]));
      return event.apply(this, args);
    } as App['event'];
    const idOf = (c: unknown): string | RegExp => (typeof c === 'string' || c instanceof RegExp ? c : String((c as { callback_id?: unknown; action_id?: unknown }).callback_id ?? (c as { action_id?: unknown }).action_id));
    App.prototype.action = function (this: App, ...args: Parameters<App['action']>) {
      interactions.push({ kind: 'action', id: idOf(args[0]) });
      return (action as (...a: unknown[]) => void).apply(this, args);
    } as App['action'];
    App.prototype.view = function (this: App, ...args: Parameters<App['view']>) {
      interactions.push({ kind: 'view', id: idOf(args[0]) });
      return (view as (...a: unknown[]) => void).apply(this, args);
    } as App['view'];
    App.prototype.shortcut = function (this: App, ...args: Parameters<App['shortcut']>) {
      interactions.push({ kind: 'shortcut', id: idOf(args[0]) });
      return (shortcut as (...a: unknown[]) => void).apply(this, args);
    } as App['shortcut'];
    try {
      t = await startSandboxHearth();
    } finally {
      Object.assign(App.prototype, { event, action, view, shortcut });
    }
  });
  afterAll(() => t?.close());

  it('has a listener for every bot event the manifest subscribes to', () => {
    // message.im, message.channels and message.groups all arrive as Bolt's `message`.
    const unhandled = manifest.settings.event_subscriptions.bot_events.filter((e) => !listened.has(e.split('.')[0]!));
    expect(unhandled).toEqual([]);
    expect(listened.has('message')).toBe(true);
  });

  it('answers a DM to the app with what the person can do, once however often Slack delivers it', async () => {
    const channel = dmWith(t, 'U0DEMO003');
    const message = { type: 'message', channel_type: 'im', channel, user: 'U0DEMO003', text: 'help', ts: '1772438400.000100' };
    const { eventId } = await t.driver.event({ teamId: ACME.teamId, event: message });
    await t.driver.event({ teamId: ACME.teamId, event: message, eventId, retryNum: 1 });
    // The listener acks first and queues the reply after: wait for it, then for anything else the outbox holds.
    await expect.poll(() => t.sandbox.state.messageList(channel).filter((m) => m.bot_id).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await settle(t);
    const replies = t.sandbox.state.messageList(channel).filter((m) => m.bot_id);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toMatch(/^Hi! I'm Hearth\./);
    expect(JSON.stringify(replies[0]!.blocks)).toContain('/hearth help');
    // Hearth's own reply comes back as message.im: it does not answer itself.
    await t.driver.event({ teamId: ACME.teamId, event: { type: 'message', channel_type: 'im', channel, user: ACME.botUserId, bot_id: replies[0]!.bot_id, text: replies[0]!.text, ts: replies[0]!.ts } });
    await settle(t);
    expect(t.sandbox.state.messageList(channel).filter((m) => m.bot_id)).toHaveLength(1);
  });

  it("reads the workspace's name and domain with team.info, and keeps them current from team_rename and team_domain_change", async () => {
    const ws = () => t.services.workspaces.byTeamId(ACME.teamId);
    expect(await ws()).toMatchObject({ name: ACME.name, domain: ACME.domain });
    expect(t.sandbox.state.callsTo('team.info', ACME.teamId).length).toBeGreaterThan(0);
    await t.driver.event({ teamId: ACME.teamId, event: { type: 'team_domain_change', url: 'https://acme-hq.slack.com/', domain: 'acme-hq' } });
    await t.driver.event({ teamId: ACME.teamId, event: { type: 'team_rename', name: 'Acme HQ' } });
    await expect.poll(ws).toMatchObject({ name: 'Acme HQ', domain: 'acme-hq' });
  });

  /**
   * Every button, shortcut and modal Hearth listens for, each in a state where it can't do its job: a program
   * deleted since the message was sent (id 999999), Shoutouts not launched, a person who joined Slack a moment ago
   * and whom Hearth has not met yet. Each is acknowledged (Bolt answers 404 after 3 s to an interaction no
   * listener acknowledged) and answered in words the person sees: an ephemeral, a modal, a DM, or the message
   * changed. A link button is only acknowledged: Slack opens its link.
   */
  describe('every button, shortcut and modal answers when it cannot do its job', () => {
    const NEWCOMER = 'U0NEWBIE1';
    const MEMBER = 'U0DEMO004';
    const GONE = 999_999;
    const PROGRAM_GONE = /That Intros program no longer exists/;
    const NOT_MET = /Hearth hasn.t met you/;

    type Case =
      | { kind: 'action'; where: 'message' | 'home'; user: string; action_id: string; value?: string; url?: string; answer: RegExp | 'link' }
      | { kind: 'view'; user: string; view: ModalView; values?: Record<string, Record<string, string | null>>; answer: RegExp }
      | { kind: 'shortcut'; user: string; callback_id: string; answer: RegExp };

    const button = (c: Extract<Case, { kind: 'action' }>): KnownBlock => ({
      type: 'actions',
      elements: [{ type: 'button', action_id: c.action_id, text: { type: 'plain_text', text: 'Go' }, ...(c.value ? { value: c.value } : {}), ...(c.url ? { url: c.url } : {}) }],
    });
    const modal = (callback_id: string, private_metadata: string, blocks: KnownBlock[] = [{ type: 'section', text: { type: 'plain_text', text: 'A modal' } }]): ModalView => ({
      type: 'modal',
      callback_id,
      private_metadata,
      title: { type: 'plain_text', text: 'Hearth' },
      submit: { type: 'plain_text', text: 'Save' },
      blocks,
    });
    const link = (action_id: string): Case => ({ kind: 'action', where: 'home', user: MEMBER, action_id, url: 'https://hearth.example.com/', answer: 'link' });
    const program = String(GONE);

    const cases: Case[] = [
      // Links on the Home tab: acknowledged only.
      link('home_open_admin'),
      link('intros_open_admin'),
      link(POINTS.openRewards),
      link(MEMBER_ACTIONS.openSettings),
      // Buttons in Hearth's messages: an ephemeral where they were clicked (or the message changed).
      { kind: 'action', where: 'message', user: MEMBER, action_id: INTROS_ACTIONS.met, value: program, answer: /couldn't find that intro/ },
      { kind: 'action', where: 'message', user: MEMBER, action_id: INTROS_ACTIONS.notYet, value: program, answer: /couldn't find that intro/ },
      { kind: 'action', where: 'message', user: MEMBER, action_id: INTROS_ACTIONS.skipped, value: program, answer: /couldn't find that intro/ },
      { kind: 'action', where: 'message', user: MEMBER, action_id: INTROS_ACTIONS.ghostStay, value: program, answer: PROGRAM_GONE },
      { kind: 'action', where: 'message', user: MEMBER, action_id: INTROS_ACTIONS.ghostLater, value: program, answer: PROGRAM_GONE },
      { kind: 'action', where: 'message', user: MEMBER, action_id: INTROS_ACTIONS.ghostLeave, value: program, answer: PROGRAM_GONE },
      { kind: 'action', where: 'message', user: MEMBER, action_id: INTROS_ACTIONS.pickCategories, value: program, answer: PROGRAM_GONE },
      { kind: 'action', where: 'message', user: NEWCOMER, action_id: CELEBRATIONS.openDates, value: `program:${GONE}`, answer: /Hearth can't celebrate you yet/ },
      { kind: 'action', where: 'message', user: MEMBER, action_id: JOURNEYS.taskDone, value: program, answer: /couldn't mark this task as done/ },
      { kind: 'action', where: 'message', user: MEMBER, action_id: `${JOURNEYS.pollAnswerPrefix}0`, value: `${GONE}:0`, answer: /couldn't record your answer/ },
      { kind: 'action', where: 'message', user: MEMBER, action_id: `${SURVEY_OPEN_ACTION}:0`, value: `${GONE}:1`, answer: /This survey is no longer open/ },
      { kind: 'action', where: 'message', user: MEMBER, action_id: 'reporting_feedback_4', value: `${GONE}:1:4`, answer: /no longer exists, so your feedback/ },
      { kind: 'action', where: 'message', user: NEWCOMER, action_id: DELETE_MY_DATA_ACTION, answer: /holds no data about you/ },
      // Buttons on the Home tab: a modal that says why.
      { kind: 'action', where: 'home', user: MEMBER, action_id: INTROS_ACTIONS.optOut, value: program, answer: PROGRAM_GONE },
      { kind: 'action', where: 'home', user: MEMBER, action_id: INTROS_ACTIONS.optIn, value: program, answer: PROGRAM_GONE },
      { kind: 'action', where: 'home', user: MEMBER, action_id: INTROS_ACTIONS.snooze, value: `${GONE}:14`, answer: PROGRAM_GONE },
      { kind: 'action', where: 'home', user: MEMBER, action_id: INTROS_ACTIONS.unsnooze, value: program, answer: PROGRAM_GONE },
      { kind: 'action', where: 'home', user: NEWCOMER, action_id: PREFS_ACTION, answer: NOT_MET },
      { kind: 'action', where: 'home', user: NEWCOMER, action_id: MEMBER_ACTIONS.openProfile, answer: NOT_MET },
      { kind: 'action', where: 'home', user: MEMBER, action_id: POINTS.giveShoutout, answer: /Shoutouts haven't launched yet\. An admin can launch them/ },
      { kind: 'action', where: 'home', user: NEWCOMER, action_id: `${SELF_JOIN_ACTION}:1`, value: '1', answer: NOT_MET },
      // The message shortcut: a modal that says why and who can turn Shoutouts on.
      { kind: 'shortcut', user: MEMBER, callback_id: SHOUTOUT_SHORTCUT, answer: /Shoutouts haven't launched yet\. An admin can launch them at http\S+\/shoutouts/ },
      // Modals submitted after things changed: the modal has closed, so a DM.
      { kind: 'view', user: MEMBER, view: { ...leaveReasonModal({ programId: GONE, channelName: 'gone' }), private_metadata: JSON.stringify({ p: GONE }) }, answer: PROGRAM_GONE },
      { kind: 'view', user: MEMBER, view: modal(INTROS_VIEWS.categories, program), answer: PROGRAM_GONE },
      { kind: 'view', user: NEWCOMER, view: modal(PREFS_MODAL.callbackId, ''), answer: /preferences weren't saved: Hearth hasn.t met you/ },
      { kind: 'view', user: NEWCOMER, view: modal(DATES_MODAL.callbackId, '{}'), answer: /dates weren't saved/ },
      { kind: 'view', user: NEWCOMER, view: modal(PROFILE_MODAL.callbackId, ''), answer: /profile wasn't saved: Hearth hasn.t met you/ },
      { kind: 'view', user: MEMBER, view: modal(SURVEY_VIEW, JSON.stringify({ s: GONE, r: 1, req: [] })), answer: /answers weren't recorded\. This survey is no longer open/ },
      {
        kind: 'view',
        user: MEMBER,
        view: commentModal({ programId: GONE, meetingId: 1, rating: 4 }),
        values: { [COMMENT_BLOCK]: { [COMMENT_ACTION]: 'Lovely chat' } },
        answer: /comment wasn't saved\. That Intros program no longer exists/,
      },
      {
        kind: 'view',
        user: MEMBER,
        view: shoutoutModal({ plural: 'points', remaining: 100, channels: [], privateMetadata: '{}' }),
        values: { [SHOUTOUT_BLOCKS.recipient]: { value: 'U0DEMO002' }, [SHOUTOUT_BLOCKS.points]: { value: '5' }, [SHOUTOUT_BLOCKS.message]: { value: 'For the demo' } },
        answer: /shoutout wasn't sent: Shoutouts haven't launched yet/,
      },
    ];

    const idOfCase = (c: Case) => (c.kind === 'view' ? c.view.callback_id! : c.kind === 'shortcut' ? c.callback_id : c.action_id);
    const matches = (id: string | RegExp, name: string) => (typeof id === 'string' ? id === name : id.test(name));

    /** Everything a person sees from Hearth: their ephemerals, open modals, and DMs from it (edits count as new). */
    const seen = (user: string): Map<string, string> => {
      const out = new Map<string, string>();
      const { state } = t.sandbox;
      for (const e of state.data.ephemeral.filter((e) => e.teamId === ACME.teamId && e.user === user)) out.set(`e:${e.channel}:${e.ts}:${e.text}`, e.text);
      for (const v of state.modalStack(ACME.teamId, user)) out.set(`v:${v.id}:${v.hash}`, JSON.stringify(v.blocks));
      for (const m of state.messageList(dmWith(t, user)).filter((m) => m.bot_id)) out.set(`m:${m.ts}:${m.text}:${JSON.stringify(m.blocks ?? [])}`, `${m.text} ${JSON.stringify(m.blocks ?? [])}`);
      return out;
    };

    beforeAll(async () => {
      // Someone who joined Slack a moment ago: Hearth meets them at the next directory sync.
      t.sandbox.state.joinMember(ACME.teamId, { id: NEWCOMER, name: 'newbie', real_name: 'Nova Newbie' });
    });

    it('covers every action_id, callback_id and shortcut the app listens for, and every link button on the Home tab', async () => {
      const uncovered = interactions.filter((i) => !cases.some((c) => c.kind === i.kind && matches(i.id, idOfCase(c))));
      expect(uncovered).toEqual([]);
      const unlistened = cases.filter((c) => !interactions.some((i) => i.kind === c.kind && matches(i.id, idOfCase(c))));
      expect(unlistened.map(idOfCase)).toEqual([]);
      // The links the Home tab really shows are among them.
      await t.api('POST', '/sandbox/home/open', { team_id: ACME.teamId, user_id: ACME.adminUserId });
      const links: string[] = [];
      const walk = (x: unknown): void => {
        if (Array.isArray(x)) return x.forEach(walk);
        if (typeof x !== 'object' || x === null) return;
        const o = x as Record<string, unknown>;
        if (o.type === 'button' && typeof o.url === 'string') links.push(String(o.action_id));
        Object.values(o).forEach(walk);
      };
      walk(t.sandbox.state.homeView(ACME.teamId, ACME.adminUserId)?.blocks);
      expect(links).toContain('home_open_admin');
      for (const id of links) expect(cases.some((c) => c.kind === 'action' && c.answer === 'link' && c.action_id === id), id).toBe(true);
    });

    it.each(cases.map((c) => [`${c.kind} ${idOfCase(c)}${c.kind === 'action' ? ` (${c.where})` : ''}`, c] as const))('%s', { timeout: 60_000 }, async (_name, c) => {
      const { state } = t.sandbox;
      state.closeModal(ACME.teamId, c.user, { all: true });
      const dm = state.openConversation(ACME.teamId, ACME.botUserId, [c.user]).channel;
      let answered: { ok: boolean; status: number };
      const before = seen(c.user);
      if (c.kind === 'action' && c.where === 'message') {
        const message = state.addMessage(dm, { user: ACME.botUserId, text: 'A message from Hearth', blocks: [button(c) as never] });
        answered = await t.api('POST', '/sandbox/actions', { team_id: ACME.teamId, user_id: c.user, channel_id: dm.id, message_ts: message.ts, action_id: c.action_id });
      } else if (c.kind === 'action') {
        await t.services.outbox.enqueue([{ workspaceId: (await t.services.workspaces.byTeamId(ACME.teamId))!.id, key: `test-home:${c.user}:${c.action_id}`, kind: 'home', method: 'views.publish', args: { user_id: c.user, view: { type: 'home', blocks: [button(c)] } } }]);
        await settle(t);
        const home = state.homeView(ACME.teamId, c.user)!;
        answered = await t.api('POST', '/sandbox/actions', { team_id: ACME.teamId, user_id: c.user, view_id: home.id, action_id: c.action_id });
      } else if (c.kind === 'shortcut') {
        const general = state.addMessage(state.channel(ACME.teamId, ACME.channels.general)!, { user: 'U0DEMO002', text: 'Shipped the release notes' });
        answered = await t.api('POST', '/sandbox/shortcuts', { team_id: ACME.teamId, user_id: c.user, channel_id: ACME.channels.general, message_ts: general.ts, callback_id: c.callback_id });
      } else {
        const workspaceId = (await t.services.workspaces.byTeamId(ACME.teamId))!.id;
        const trigger = state.issueTriggerId(ACME.teamId, c.user);
        const opened = await t.services.outbox.deliverNow({ workspaceId, key: `test-modal:${trigger}`, kind: 'test_modal', method: 'views.open', args: { trigger_id: trigger, view: c.view } });
        expect(opened.state).toBe('sent');
        const submitted = await t.api<{ response_action?: string }>('POST', '/sandbox/views/submit', { team_id: ACME.teamId, user_id: c.user, values: c.values ?? {} });
        expect(submitted.response_action, 'the modal closed (no field errors)').not.toBe('errors');
        answered = { ok: true, status: 200 };
      }
      // Acknowledged: an unacknowledged interaction gets Bolt's 404 after 3 s.
      expect(answered).toMatchObject({ ok: true, status: 200 });
      await settle(t);
      const after = seen(c.user);
      const fresh = [...after].filter(([k]) => !before.has(k)).map(([, text]) => text);
      if (c.answer === 'link') return void expect(fresh).toEqual([]);
      expect(fresh.join('\n')).toMatch(c.answer);
    });
  });
});
