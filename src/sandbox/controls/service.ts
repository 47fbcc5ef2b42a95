import type { PlatformServices } from '../../platform/services.js';
import { HttpError } from '../../http/errors.js';
import type { Sandbox } from '../sandbox.js';
import { validateView } from '../blocks.js';
import { NO_ACK_STATUS } from '../driver.js';
import { toSlackMessage } from '../serialize.js';
import type { SandboxChange } from '../state.js';
import type { JsonObject, SandboxChannel, SandboxView, SandboxWorkspace, SlackMember } from '../types.js';
import { ElementValueError, actionOf, findElement, stateValue, submission, withIds, type Located, type Raw } from './elements.js';
import { canSee, messagesFor, payloadView, presentView, type PresentedMessage } from './present.js';
import { applyResponse, findEphemeral, responseBody, type ResponseOutcome } from './responses.js';
import type { ActionInput } from './schema.js';
import { slackEncoded } from '../text.js';

/** How long the sandbox waits for the app's listeners after an event (Bolt acks events before they run). */
const EVENT_WAIT_MS = 5_000;
/** An interaction's listener has acked before the answer came; this bounds the work after the ack. */
const LISTENER_WAIT_MS = 10_000;
/** Messages the outbox holds back this long at most for Slack's rate limits are part of the app's answer. */
const HELD_BACK_WAIT_MS = 5_000;
const HOME_WAIT_MS = 5_000;
/** Slack lets an app stack three modals. */
const MAX_MODAL_STACK = 3;

export interface Actor {
  workspace: SandboxWorkspace;
  member: SlackMember;
}

/**
 * What Slack's client does for a member of a sandbox workspace: run a slash command, click a button, pick
 * an option, submit or close a modal, open the app's Home tab, post a message. Each goes to the app through
 * the real, signed Bolt endpoint, and each waits for the app's resulting work (its listeners, then the
 * queue) so callers see the outcome.
 */
export class SandboxClient {
  /** Errors the app answered a submission with, kept on the modal (view id → block_id → message). */
  private readonly modalErrors = new Map<string, Record<string, string>>();

  constructor(
    private readonly sandbox: Sandbox,
    private readonly services: Pick<PlatformServices, 'queue' | 'log' | 'outbox' | 'clock'>,
  ) {}

  private get state() {
    return this.sandbox.state;
  }

  reset(): void {
    this.modalErrors.clear();
  }

  // ---- who and where -------------------------------------------------------------------------------

  workspace(teamId: string): SandboxWorkspace {
    const workspace = this.state.workspace(teamId);
    if (!workspace) throw new HttpError(404, 'No such sandbox workspace');
    return workspace;
  }

  /** A person of this workspace who can use Slack: not a bot, not deactivated, not from another company. */
  actor(teamId: string, userId: string): Actor {
    const workspace = this.workspace(teamId);
    const member = this.state.member(teamId, userId);
    if (!member || member.team_id !== teamId) throw new HttpError(404, 'No such member in this sandbox workspace');
    if (member.is_bot || member.id === 'USLACKBOT') throw new HttpError(400, 'Bots cannot use the sandbox page', { user_id: 'is a bot' });
    if (member.deleted) throw new HttpError(400, 'This member is deactivated and cannot sign in to Slack', { user_id: 'is deactivated' });
    return { workspace, member };
  }

  /** A conversation of this workspace the member can see; another workspace's id is as good as unknown. */
  conversation(teamId: string, channelId: string, userId: string): SandboxChannel {
    const channel = this.state.channel(teamId, channelId);
    if (!channel || !canSee(channel, userId)) throw new HttpError(404, 'No such conversation');
    return channel;
  }

  messages(teamId: string, channelId: string, userId: string): PresentedMessage[] {
    this.actorOrViewer(teamId, userId);
    const channel = this.conversation(teamId, channelId, userId);
    // Scheduled messages come due on the sandbox clock whether or not the app calls the API.
    this.state.deliverDueScheduled();
    return messagesFor(this.state, channel, userId);
  }

  private actorOrViewer(teamId: string, userId: string): void {
    this.workspace(teamId);
    const member = this.state.member(teamId, userId);
    if (!member || member.team_id !== teamId) throw new HttpError(404, 'No such member in this sandbox workspace');
  }

  openConversation(teamId: string, userId: string, others: string[]): SandboxChannel {
    this.actor(teamId, userId);
    for (const other of others) if (!this.state.member(teamId, other)) throw new HttpError(404, `No member ${other} in this workspace`, { users: 'unknown member' });
    return this.state.openConversation(teamId, userId, others).channel;
  }

  // ---- slash commands and messages -----------------------------------------------------------------

  async command(input: { teamId: string; userId: string; channelId: string; command?: string; text: string }) {
    const { workspace } = this.actor(input.teamId, input.userId);
    const channel = this.conversation(workspace.id, input.channelId, input.userId);
    let command = input.command ?? '/hearth';
    let text = input.text.trim();
    const typed = /^(\/[\w-]+)(?:\s+([\s\S]*))?$/.exec(text);
    if (!input.command && typed) {
      command = typed[1]!;
      text = (typed[2] ?? '').trim();
    }
    if (command !== '/hearth') {
      throw new HttpError(400, `${command} is not a valid command. In Slack, all messages that start with the "/" character are interpreted as commands.`, { text: 'unknown command' });
    }
    const triggerId = this.state.issueTriggerId(workspace.id, input.userId);
    const where = { teamId: workspace.id, userId: input.userId, channelId: channel.id };
    const responseUrl = this.sandbox.responses.create(where);
    const res = await this.sandbox.driver().command({
      teamId: workspace.id,
      userId: input.userId,
      channelId: channel.id,
      command,
      text: slackEncoded(text),
      responseUrl,
      triggerId,
      teamDomain: workspace.domain,
      ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}),
    });
    let answer = await readAnswer(res);
    // An answer in the ack shows at once, before anything the app sends later to the response_url.
    let outcome: ResponseOutcome | undefined;
    if (!res.ok) {
      outcome = this.slackbotSays(where, `\`${command}\` failed with the error "${res.status === 404 || res.status === NO_ACK_STATUS ? 'operation_timeout' : 'dispatch_failed'}"`);
    } else if (typeof answer === 'string' && answer.trim() !== '') {
      outcome = applyResponse(this.state, where, { text: answer });
    } else if (answer && typeof answer === 'object') {
      const parsed = responseBody.safeParse(answer);
      if (parsed.success && (parsed.data.text || parsed.data.blocks?.length)) outcome = applyResponse(this.state, where, parsed.data);
    }
    await this.settle(triggerId, 'interaction');
    // An empty ack: the answer is what the app posted to the response_url after its work (as Hearth does).
    const later = outcome ? undefined : this.sandbox.responses.firstAnswer(responseUrl);
    if (later) {
      answer = later.body;
      outcome = later.outcome;
    }
    return { ok: res.ok, status: res.status, response: answer, stored: outcome?.ok ? this.find(where, outcome) : null };
  }

  /** Slack's own complaint when an app fails a command, from Slackbot, to that member only. */
  private slackbotSays(where: { teamId: string; userId: string; channelId: string }, text: string): ResponseOutcome {
    const ephemeral = this.state.addEphemeral({ teamId: where.teamId, channel: where.channelId, user: where.userId, text, postedBy: 'USLACKBOT' });
    return { ok: true, kind: 'ephemeral', ts: ephemeral.ts };
  }

  private find(where: { teamId: string; userId: string; channelId: string }, outcome: Extract<ResponseOutcome, { ok: true }>): PresentedMessage | null {
    const channel = this.state.channel(where.teamId, where.channelId);
    if (!channel || !outcome.ts) return null;
    return messagesFor(this.state, channel, where.userId).find((m) => m.ts === outcome.ts) ?? null;
  }

  /** A member posts a message; the app hears of it (message event) when its bot is in the conversation. */
  async postMessage(input: { teamId: string; userId: string; channelId: string; text: string; threadTs?: string }) {
    const { workspace } = this.actor(input.teamId, input.userId);
    const channel = this.conversation(workspace.id, input.channelId, input.userId);
    if (!channel.members.includes(input.userId)) throw new HttpError(403, 'Join this channel before posting in it', { channel_id: 'not_in_channel' });
    if (channel.is_archived) throw new HttpError(400, 'This channel is archived', { channel_id: 'is_archived' });
    if (input.threadTs && !this.state.threadParent(channel.id, input.threadTs)) throw new HttpError(404, 'No such thread', { thread_ts: 'thread_not_found' });
    // Slack keeps (and sends) what people type HTML-encoded.
    const text = slackEncoded(input.text);
    const message = this.state.addMessage(channel, { user: input.userId, text, ...(input.threadTs ? { thread_ts: input.threadTs } : {}) });
    let eventId: string | undefined;
    if (channel.members.includes(workspace.botUserId)) {
      eventId = await this.fireEvent(workspace.id, {
        type: 'message',
        channel: channel.id,
        user: input.userId,
        text,
        ts: message.ts,
        event_ts: message.ts,
        team: workspace.id,
        channel_type: channel.is_im ? 'im' : channel.is_mpim ? 'mpim' : channel.is_private ? 'group' : 'channel',
        ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
      });
    }
    return { message: messagesFor(this.state, channel, input.userId).find((m) => m.ts === message.ts) ?? null, event_id: eventId ?? null };
  }

  // ---- events ---------------------------------------------------------------------------------------

  /** Any Events API event, as Slack would deliver it; waits for the app's listeners and jobs. */
  async fireEvent(teamId: string, event: Record<string, unknown>): Promise<string> {
    const workspace = this.workspace(teamId);
    // Slack adds the person to the directory before telling apps: the event's user is Slack's own record.
    const user = event.user as { id?: unknown } | undefined;
    if (event.type === 'team_join' && user && typeof user.id === 'string') {
      event = { ...event, user: this.state.joinMember(teamId, user as Partial<SlackMember> & { id: string }) };
    }
    const { response, eventId } = await this.sandbox.driver().event({
      teamId,
      event,
      ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}),
    });
    if (response.status === NO_ACK_STATUS) throw new HttpError(502, 'The app did not acknowledge the event within 3 seconds, nor its retries');
    if (!response.ok) throw new HttpError(502, `The app answered the event with HTTP ${response.status}`);
    await this.settle(eventId, 'event');
    return eventId;
  }

  /**
   * A person adds @Hearth to a channel (`/invite @Hearth`), as Hearth must be to a private channel: Slack adds
   * the bot and tells the app with member_joined_channel.
   */
  async inviteHearth(teamId: string, channelId: string, inviterId: string): Promise<string> {
    const workspace = this.workspace(teamId);
    const channel = this.state.channel(teamId, channelId);
    if (!channel || !channel.members.includes(inviterId)) throw new HttpError(404, 'Not found');
    this.state.addMembers(channel, [workspace.botUserId]);
    return this.fireEvent(teamId, {
      type: 'member_joined_channel',
      user: workspace.botUserId,
      channel: channel.id,
      channel_type: channel.is_private ? 'G' : 'C',
      team: teamId,
      inviter: inviterId,
    });
  }

  // ---- the Home tab --------------------------------------------------------------------------------

  home(teamId: string, userId: string) {
    this.actorOrViewer(teamId, userId);
    const view = this.state.homeView(teamId, userId);
    return view ? presentView(view) : null;
  }

  /** The member opens the app's Home tab: app_home_opened, then wait for the app to publish (or give up). */
  async openHome(teamId: string, userId: string) {
    const { workspace } = this.actor(teamId, userId);
    const dm = this.state.openConversation(teamId, workspace.botUserId, [userId]).channel;
    const current = this.state.homeView(teamId, userId);
    let published = false;
    let wake: () => void = () => undefined;
    const publishedNow = new Promise<void>((resolve) => (wake = resolve));
    const stop = this.state.subscribe((change: SandboxChange) => {
      if (change.kind === 'view_published' && change.teamId === teamId && change.userId === userId) {
        published = true;
        wake();
      }
    });
    try {
      const eventId = await this.fireEvent(teamId, {
        type: 'app_home_opened',
        user: userId,
        channel: dm.id,
        tab: 'home',
        ...(current ? { view: payloadView(current) } : {}),
      });
      if (!published) await Promise.race([publishedNow, new Promise((r) => setTimeout(r, HOME_WAIT_MS))]);
      const view = this.state.homeView(teamId, userId);
      return { event_id: eventId, published, view: view ? presentView(view) : null };
    } finally {
      stop();
    }
  }

  // ---- clicks --------------------------------------------------------------------------------------

  /** A click or a pick on a message's or a view's element: a block_actions payload, as Slack builds it. */
  async action(input: ActionInput) {
    const { workspace, member } = this.actor(input.team_id, input.user_id);
    const raw = rawOf(input);
    const triggerId = this.state.issueTriggerId(workspace.id, member.id);
    const actionTs = (this.sandbox.clock.now().getTime() / 1000).toFixed(6);
    const common = {
      type: 'block_actions',
      user: userOf(member),
      api_app_id: workspace.appId,
      token: 'sandbox',
      trigger_id: triggerId,
      team: { id: workspace.id, domain: workspace.domain },
      enterprise: workspace.enterpriseId ? { id: workspace.enterpriseId, name: workspace.enterpriseName ?? '' } : null,
      is_enterprise_install: false,
    };

    let payload: JsonObject;
    let action: JsonObject;
    if (input.view_id) {
      const view = this.state.view(workspace.id, input.view_id);
      if (!view || view.user_id !== member.id) throw new HttpError(404, 'No such view');
      const located = this.locate(withIds(view.blocks), input);
      action = this.actionFor(located, raw, actionTs);
      if (view.type === 'modal' && located.element.type !== 'button' && located.element.type !== 'overflow') {
        // What the member picked stays in the modal's state, as Slack keeps it for the submission.
        const values = view.state.values as Record<string, Record<string, JsonObject>>;
        values[located.blockId] = { ...(values[located.blockId] ?? {}), [String(located.element.action_id)]: stateValue(located.element, raw) };
      }
      payload = {
        ...common,
        container: { type: 'view', view_id: view.id },
        view: payloadView(view),
        actions: [action],
      };
    } else {
      const channel = this.conversation(workspace.id, input.channel_id!, member.id);
      const ts = input.message_ts!;
      const message = this.state.findMessage(channel.id, ts);
      const ephemeral = message ? undefined : findEphemeral(this.state, { teamId: workspace.id, channelId: channel.id, userId: member.id }, ts);
      if (!message && !ephemeral) throw new HttpError(404, 'No such message');
      const blocks = withIds((message ?? ephemeral)!.blocks);
      const located = this.locate(blocks, input);
      action = this.actionFor(located, raw, actionTs);
      const responseUrl = this.sandbox.responses.create({ teamId: workspace.id, userId: member.id, channelId: channel.id, message: { ts, ephemeral: !message } });
      payload = {
        ...common,
        container: { type: 'message', message_ts: ts, channel_id: channel.id, is_ephemeral: !message },
        channel: { id: channel.id, name: channel.is_im ? 'directmessage' : channel.name },
        ...(message ? { message: { ...toSlackMessage(message, { includeMetadata: true }), blocks } } : {}),
        state: { values: {} },
        response_url: responseUrl,
        actions: [action],
      };
    }
    const res = await this.sandbox.driver().interaction(payload);
    await this.settle(triggerId, 'interaction');
    return { ok: res.ok, status: res.status, action };
  }

  /** A message shortcut on a message: a message_action payload, as Slack builds it. */
  async shortcut(input: { team_id: string; user_id: string; channel_id: string; message_ts: string; callback_id: string }) {
    const { workspace, member } = this.actor(input.team_id, input.user_id);
    const channel = this.conversation(workspace.id, input.channel_id, member.id);
    const message = this.state.findMessage(channel.id, input.message_ts);
    if (!message) throw new HttpError(404, 'No such message');
    const triggerId = this.state.issueTriggerId(workspace.id, member.id);
    const responseUrl = this.sandbox.responses.create({ teamId: workspace.id, userId: member.id, channelId: channel.id });
    const payload: JsonObject = {
      type: 'message_action',
      callback_id: input.callback_id,
      trigger_id: triggerId,
      action_ts: (this.sandbox.clock.now().getTime() / 1000).toFixed(6),
      message_ts: input.message_ts,
      user: userOf(member),
      team: { id: workspace.id, domain: workspace.domain },
      enterprise: workspace.enterpriseId ? { id: workspace.enterpriseId, name: workspace.enterpriseName ?? '' } : null,
      is_enterprise_install: false,
      api_app_id: workspace.appId,
      token: 'sandbox',
      channel: { id: channel.id, name: channel.is_im ? 'directmessage' : channel.name },
      message: toSlackMessage(message, { includeMetadata: true }) as JsonObject,
      response_url: responseUrl,
    };
    const res = await this.sandbox.driver().interaction(payload);
    await this.settle(triggerId, 'interaction');
    return { ok: res.ok, status: res.status };
  }

  private locate(blocks: JsonObject[], input: Pick<ActionInput, 'action_id' | 'block_id'>): Located {
    const located = findElement(blocks, input.action_id, input.block_id);
    if (!located) throw new HttpError(404, `No element with action_id ${input.action_id} there`, { action_id: 'not found' });
    return located;
  }

  private actionFor(located: Located, raw: Raw, actionTs: string): JsonObject {
    try {
      return actionOf(located, raw, actionTs);
    } catch (err) {
      if (err instanceof ElementValueError) throw new HttpError(400, err.message, { value: err.message });
      throw err;
    }
  }

  // ---- modals --------------------------------------------------------------------------------------

  modals(teamId: string, userId: string) {
    this.actorOrViewer(teamId, userId);
    return this.state.modalStack(teamId, userId).map((v) => presentView(v, this.modalErrors.get(v.id)));
  }

  /**
   * Submit: view_submission with view.state.values as Slack shapes them; the app's answer decides what
   * happens — errors stay on the modal, update/push/clear act on the stack, a plain ack closes the modal.
   */
  async submitView(input: { teamId: string; userId: string; viewId?: string; values: Record<string, Record<string, Raw>> }) {
    const { workspace, member } = this.actor(input.teamId, input.userId);
    const stack = this.state.modalStack(workspace.id, member.id);
    const view = input.viewId ? stack.find((v) => v.id === input.viewId) : stack.at(-1);
    if (!view) throw new HttpError(404, 'No modal is open');
    if (view !== stack.at(-1)) throw new HttpError(409, 'Only the top modal can be submitted');
    if (!view.submit) throw new HttpError(400, 'This modal has no submit button');

    const blocks = withIds(view.blocks);
    const { values, errors: clientErrors } = submission(blocks, input.values, view.state.values as Record<string, Record<string, JsonObject>>);
    view.state = { values: values as unknown as JsonObject };
    if (Object.keys(clientErrors).length > 0) {
      // Slack's client refuses these itself; nothing reaches the app.
      this.modalErrors.set(view.id, clientErrors);
      return { response_action: 'errors', errors: clientErrors, sent: false, modals: this.modals(workspace.id, member.id) };
    }

    const triggerId = this.state.issueTriggerId(workspace.id, member.id);
    const res = await this.sandbox.driver().interaction({
      type: 'view_submission',
      team: { id: workspace.id, domain: workspace.domain },
      user: userOf(member),
      api_app_id: workspace.appId,
      token: 'sandbox',
      trigger_id: triggerId,
      view: payloadView(view),
      response_urls: [],
      enterprise: workspace.enterpriseId ? { id: workspace.enterpriseId, name: workspace.enterpriseName ?? '' } : null,
      is_enterprise_install: false,
    });
    const answer = await readAnswer(res);
    const response = answer && typeof answer === 'object' ? (answer as JsonObject) : {};
    let action = typeof response.response_action === 'string' ? response.response_action : 'close';
    let errors: Record<string, string> | undefined;

    if (!res.ok) {
      action = 'errors';
      errors = { _: 'We had some trouble connecting. Try again?' };
      this.modalErrors.set(view.id, errors);
    } else if (action === 'errors') {
      errors = Object.fromEntries(Object.entries(isRecord(response.errors) ? response.errors : {}).map(([k, v]) => [k, String(v)]));
      this.modalErrors.set(view.id, errors);
    } else if (action === 'update' || action === 'push') {
      const next = response.view;
      const check = validateView(next, ['modal']);
      if (!check.ok) {
        action = 'errors';
        errors = { _: `The app answered with a view Slack would refuse: ${check.errors.join('; ')}` };
        this.modalErrors.set(view.id, errors);
      } else if (action === 'update') {
        this.modalErrors.delete(view.id);
        this.state.replaceView(this.storedView(workspace, member.id, next as JsonObject, view));
      } else if (stack.length >= MAX_MODAL_STACK) {
        action = 'errors';
        errors = { _: 'The app tried to push a fourth modal (push_limit_reached)' };
        this.modalErrors.set(view.id, errors);
      } else {
        const id = this.state.nextId('V');
        this.state.pushModal(this.storedView(workspace, member.id, next as JsonObject, { id, root_view_id: stack[0]!.id, previous_view_id: view.id }));
      }
    } else if (action === 'clear') {
      for (const v of stack) this.modalErrors.delete(v.id);
      this.state.closeModal(workspace.id, member.id, { all: true });
    } else {
      action = 'close';
      this.modalErrors.delete(view.id);
      this.state.closeModal(workspace.id, member.id);
    }
    await this.settle(triggerId, 'interaction');
    return { response_action: action, ...(errors ? { errors } : {}), sent: true, status: res.status, modals: this.modals(workspace.id, member.id) };
  }

  /** The member closes the top modal (or all of them); view_closed goes to the app when it asked. */
  async closeView(input: { teamId: string; userId: string; all?: boolean }) {
    const { workspace, member } = this.actor(input.teamId, input.userId);
    const stack = this.state.modalStack(workspace.id, member.id);
    const top = stack.at(-1);
    if (!top) throw new HttpError(404, 'No modal is open');
    const all = input.all === true || top.clear_on_close;
    const closing = all ? stack : [top];
    for (const v of closing) this.modalErrors.delete(v.id);
    this.state.closeModal(workspace.id, member.id, { all });
    if (top.notify_on_close) {
      const key = `view_closed:${top.id}`;
      await this.sandbox.driver().interaction({
        type: 'view_closed',
        team: { id: workspace.id, domain: workspace.domain },
        user: userOf(member),
        api_app_id: workspace.appId,
        token: 'sandbox',
        view: payloadView(top),
        is_cleared: all,
        enterprise: null,
        is_enterprise_install: false,
      });
      await this.settle(key, 'interaction');
    }
    return { closed: closing.map((v) => v.id), modals: this.modals(workspace.id, member.id) };
  }

  private storedView(workspace: SandboxWorkspace, userId: string, payload: JsonObject, base: Pick<SandboxView, 'id' | 'root_view_id' | 'previous_view_id'>): SandboxView {
    const obj = (key: string) => (isRecord(payload[key]) ? (payload[key] as JsonObject) : undefined);
    const str = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '');
    const title = obj('title');
    const submit = obj('submit');
    const close = obj('close');
    return {
      id: base.id,
      team_id: workspace.id,
      user_id: userId,
      type: 'modal',
      ...(title ? { title } : {}),
      ...(submit ? { submit } : {}),
      ...(close ? { close } : {}),
      blocks: payload.blocks as JsonObject[],
      private_metadata: str('private_metadata'),
      callback_id: str('callback_id'),
      external_id: str('external_id'),
      hash: this.state.newViewHash(),
      clear_on_close: payload.clear_on_close === true,
      notify_on_close: payload.notify_on_close === true,
      submit_disabled: payload.submit_disabled === true,
      state: { values: {} },
      root_view_id: base.root_view_id,
      previous_view_id: base.previous_view_id,
      app_id: workspace.appId,
      bot_id: workspace.botId,
      app_installed_team_id: workspace.id,
    };
  }

  // ---- waiting for the app ---------------------------------------------------------------------------

  /**
   * Waits for the app to finish what a request started: its listeners (tracked by a Bolt middleware), then
   * the jobs they queued. An interaction the app never saw (refused, unauthorized) has nothing to wait for.
   */
  private async settle(key: string, kind: 'event' | 'interaction'): Promise<void> {
    if (kind === 'interaction' && !this.sandbox.tracker.hasStarted(key)) {
      await this.jobsDone();
      return;
    }
    const finished = await this.sandbox.tracker.wait(key, kind === 'event' ? EVENT_WAIT_MS : LISTENER_WAIT_MS);
    if (!finished) this.services.log.warn({ key }, 'sandbox: the app did not finish a request in time');
    await this.jobsDone();
  }

  /** The queued jobs, and the messages held back a second or two to keep within Slack's rate limits. */
  private async jobsDone(): Promise<void> {
    const { queue, outbox, clock } = this.services;
    const giveUpAt = Date.now() + HELD_BACK_WAIT_MS;
    await queue.idle();
    while (Date.now() < giveUpAt) {
      const now = clock.now().getTime();
      const heldBack = await outbox.nextHeldBack(new Date(now - 1000));
      if (!heldBack || heldBack.getTime() > now + HELD_BACK_WAIT_MS) return;
      await new Promise((r) => setTimeout(r, 50));
      await queue.idle();
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function userOf(member: SlackMember) {
  return { id: member.id, username: member.name, name: member.name, team_id: member.team_id };
}

/** The value an action carries, from whichever field the caller used. */
function rawOf(input: ActionInput): Raw {
  return (
    input.selected_option ??
    input.selected_options ??
    input.selected_user ??
    input.selected_users ??
    input.selected_conversation ??
    input.selected_channel ??
    input.selected_date ??
    input.selected_time ??
    input.value
  );
}

/** A Slack endpoint's answer: JSON when it says so, text otherwise, null when empty. */
async function readAnswer(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
