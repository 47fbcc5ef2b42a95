import type { AllMiddlewareArgs, App, BlockAction, ButtonAction, Context, RespondFn, SlackActionMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { KnownBlock } from '@slack/types';
import type { IntrosDeps } from './deps.js';
import { CATEGORY_ACTION, CATEGORY_BLOCK, categoriesModal, INTROS_ACTIONS, INTROS_VIEWS, LEAVE_ACTION, LEAVE_BLOCK, leaveReasonModal } from './blocks.js';
import type { MeetingService } from './meetings.js';
import { DEFAULT_SNOOZE_DAYS, type MemberService } from './members.js';
import type { IntrosService } from './service.js';
import type { IntrosPreferences } from './preferences.js';
import { PREFS_ACTION, PREFS_MODAL } from './preferences-blocks.js';
import type { SlackContext } from '../slack/context.js';
import { homePublish } from '../slack/jobs.js';
import { requesterOf } from '../slack/requester.js';
import { viewValues } from '../slack/view-values.js';
import { NOT_MET_YET, tellWhyNot } from '../slack/why-not.js';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

export interface IntrosListenerDeps {
  services: IntrosDeps;
  intros: IntrosService;
  meetings: MeetingService;
  members: MemberService;
}

/** The answer when a button or modal names an Intros program that was deleted since. */
const PROGRAM_GONE = 'That Intros program no longer exists, so there is nothing to change. An admin of Hearth can tell you which intros run now.';

const messageOf = (body: BlockAction) =>
  body.channel?.id && body.message?.ts
    ? { channel: body.channel.id, ts: body.message.ts, blocks: body.message.blocks as KnownBlock[] | undefined, text: body.message.text as string | undefined }
    : undefined;

/** Intros' Slack listeners: thin — ack first, then one service call; messages change through the outbox. */
export function introsListeners({ services, intros, meetings, members }: IntrosListenerDeps) {
  const refreshHome = (workspaceId: number, userId: string, key: string) =>
    services.queue.enqueue(homePublish, { workspaceId, userId }, { jobId: `home:${workspaceId}:intros:${key}` });

  const answer = (state: 'met' | 'not_yet' | 'skipped') => async ({ ack, body, action, respond, context }: ButtonArgs) => {
    await ack();
    const { workspace } = requesterOf(context);
    const outcome = await meetings.answer({ workspaceId: workspace.id, meetingId: Number(action.value), state, slackUserId: body.user.id, message: messageOf(body) });
    await respond({ response_type: 'ephemeral', replace_original: false, text: outcome.text });
  };

  /**
   * A program of this workspace and the member who clicked; when either is missing, the person is told why (the
   * program was deleted, or Hearth has not met them yet) and the answer is undefined.
   */
  const resolve = async (context: Context, body: BlockAction | ViewSubmitAction, programId: number, respond?: RespondFn) => {
    const { workspace: ws, member } = requesterOf(context);
    const program = await members.program(ws.id, programId);
    if (program && member) return { ws, program, member };
    await tellWhyNot(services.outbox, ws, body, program ? NOT_MET_YET : PROGRAM_GONE, respond);
    return undefined;
  };

  const ghost = (choice: 'stay' | 'later') => async ({ ack, body, action, respond, context }: ButtonArgs) => {
    await ack();
    const found = await resolve(context, body, Number(action.value), respond);
    if (!found) return;
    const msg = messageOf(body);
    await meetings.ghostAnswer({ workspaceId: found.ws.id, programId: found.program.id, slackUserId: body.user.id, choice, message: msg && { channel: msg.channel, ts: msg.ts } });
    await refreshHome(found.ws.id, body.user.id, `ghost:${action.value}:${body.trigger_id}`);
  };

  return (app: App): void => {
    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.met, answer('met'));
    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.notYet, answer('not_yet'));
    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.skipped, answer('skipped'));
    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.ghostStay, ghost('stay'));
    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.ghostLater, ghost('later'));
    app.action('intros_open_admin', async ({ ack }) => void (await ack()));

    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.ghostLeave, async ({ ack, body, action, respond, context }) => {
      await ack();
      const found = await resolve(context, body, Number(action.value), respond);
      if (!found) return;
      const { ws, program } = found;
      const channelName = await intros.channelName(program);
      const view = leaveReasonModal({ programId: program.id, channelName });
      view.private_metadata = JSON.stringify({ p: program.id, c: body.channel?.id ?? null, t: body.message?.ts ?? null });
      await services.outbox.deliverNow({ workspaceId: ws.id, key: `intro-leave-modal:${body.trigger_id}`, kind: 'intro-modal', method: 'views.open', args: { trigger_id: body.trigger_id, view } });
    });

    app.view<ViewSubmitAction>(INTROS_VIEWS.leaveReason, async ({ ack, body, view, context }: ViewArgs) => {
      await ack();
      const meta = JSON.parse(view.private_metadata || '{}') as { p?: number; c?: string | null; t?: string | null };
      const reason = (view.state.values[LEAVE_BLOCK]?.[LEAVE_ACTION]?.value as string | null | undefined) ?? null;
      const found = await resolve(context, body, Number(meta.p));
      if (!found) return;
      const { ws } = found;
      await meetings.ghostAnswer({
        workspaceId: ws.id,
        programId: Number(meta.p),
        slackUserId: body.user.id,
        choice: 'leave',
        reason,
        message: meta.c && meta.t ? { channel: meta.c, ts: meta.t } : undefined,
      });
      await refreshHome(ws.id, body.user.id, `leave:${meta.p}:${view.id}`);
    });

    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.optOut, async ({ ack, body, action, respond, context }) => {
      await ack();
      const found = await resolve(context, body, Number(action.value), respond);
      if (!found) return;
      const { ws, program, member } = found;
      await members.optOut(program, member, 'Opted out from Slack');
      await refreshHome(ws.id, body.user.id, `optout:${program.id}:${body.trigger_id}`);
    });

    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.optIn, async ({ ack, body, action, respond, context }) => {
      await ack();
      const found = await resolve(context, body, Number(action.value), respond);
      if (!found) return;
      const { ws, program, member } = found;
      await members.optIn(program, member);
      await refreshHome(ws.id, body.user.id, `optin:${program.id}:${body.trigger_id}`);
    });

    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.snooze, async ({ ack, body, action, respond, context }) => {
      await ack();
      const [programId, days] = action.value?.split(':').map(Number) ?? [];
      const found = await resolve(context, body, programId ?? 0, respond);
      if (!found) return;
      const { ws, program, member } = found;
      await members.snooze(ws, member, days && days > 0 && days <= 365 ? days : DEFAULT_SNOOZE_DAYS, program.id);
      await refreshHome(ws.id, body.user.id, `snooze:${program.id}:${body.trigger_id}`);
    });

    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.unsnooze, async ({ ack, body, action, respond, context }) => {
      await ack();
      const found = await resolve(context, body, Number(action.value), respond);
      if (!found) return;
      const { ws, program, member } = found;
      await members.unsnooze(member, program.id);
      await refreshHome(ws.id, body.user.id, `unsnooze:${program.id}:${body.trigger_id}`);
    });

    app.action<BlockAction<ButtonAction>>(INTROS_ACTIONS.pickCategories, async ({ ack, body, action, respond, context }) => {
      await ack();
      const found = await resolve(context, body, Number(action.value), respond);
      if (!found) return;
      const { ws, program, member } = found;
      const view = categoriesModal({ programId: program.id, ...(await members.categoryChoice(program, member)) });
      await services.outbox.deliverNow({ workspaceId: ws.id, key: `intro-categories-modal:${body.trigger_id}`, kind: 'intro-modal', method: 'views.open', args: { trigger_id: body.trigger_id, view } });
    });

    app.view<ViewSubmitAction>(INTROS_VIEWS.categories, async ({ ack, body, view, context }: ViewArgs) => {
      await ack();
      const found = await resolve(context, body, Number(view.private_metadata));
      if (!found) return;
      const { ws, program, member } = found;
      const selected = (view.state.values[CATEGORY_BLOCK]?.[CATEGORY_ACTION]?.selected_options ?? []).map((o) => Number(o.value));
      await members.setCategories(program, member, selected);
      await refreshHome(ws.id, body.user.id, `categories:${program.id}:${view.id}:${view.hash ?? ''}`);
    });
  };
}

/** The Home tab's "Snooze & avoid list": ack, open the modal; the submission is checked before its ack, saved after. */
export function introsPreferenceListeners(prefs: IntrosPreferences) {
  return (app: App, ctx: SlackContext): void => {
    app.action<BlockAction<ButtonAction>>(PREFS_ACTION, async ({ ack, body, context }) => {
      await ack();
      const from = requesterOf(context);
      if (!(await prefs.openModal(from, body.trigger_id))) await tellWhyNot(ctx.outbox, from.workspace, body, NOT_MET_YET);
    });
    app.view<ViewSubmitAction>(PREFS_MODAL.callbackId, async ({ ack, body, view, context }) => {
      const values = viewValues(view);
      const checked = prefs.check(values, body.user.id);
      if ('errors' in checked) return void (await ack({ response_action: 'errors', errors: checked.errors }));
      await ack();
      const from = requesterOf(context);
      if (await prefs.saveFromModal(from, values)) await prefs.refreshHome(from.workspace.id, body.user.id);
      else await tellWhyNot(ctx.outbox, from.workspace, body, `Your intros preferences weren't saved: ${NOT_MET_YET}`);
    });
  };
}
