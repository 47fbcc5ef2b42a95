import type { AllMiddlewareArgs, App, BlockAction, ButtonAction, MessageShortcut, SlackActionMiddlewareArgs, SlackShortcutMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { Logger } from 'pino';
import { ACTIONS, SHOUTOUT_MODAL, SHOUTOUT_SHORTCUT } from './blocks.js';
import type { SlackContext } from '../slack/context.js';
import { tellWhyNot } from '../slack/why-not.js';
import { checkShoutoutView, type ShoutoutsSlack } from './slack-side.js';
import { requesterOf } from '../slack/requester.js';
import { viewValues } from '../slack/view-values.js';

/**
 * The message shortcut "Give a shoutout": ack, then the modal for the message's author, quoting it; when it can't
 * be given (Shoutouts not launched, the person not taking part), a modal that says why and who can change that.
 */
export function shortcutShoutout(slack: ShoutoutsSlack, log: Logger, ctx: SlackContext) {
  return async ({ ack, shortcut, context }: SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const { workspace } = requesterOf(context);
    const author = shortcut.message.user;
    const opened = await slack.openModal({
      workspaceId: workspace.id,
      userId: shortcut.user.id,
      triggerId: shortcut.trigger_id,
      source: 'shortcut',
      ...(author ? { recipient: author } : {}),
      ...(shortcut.message.text ? { message: `For: "${shortcut.message.text.slice(0, 300)}"` } : {}),
    });
    if (opened === true) return;
    log.info({ user: shortcut.user.id, reason: opened }, 'points: shoutout modal not opened from the shortcut');
    await tellWhyNot(ctx.outbox, workspace, shortcut, opened);
  };
}

/** The Home tab's "Give a shoutout" button: the modal, or one that says why not. */
export function openShoutout(slack: ShoutoutsSlack, log: Logger, ctx: SlackContext) {
  return async ({ ack, body, context }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const { workspace } = requesterOf(context);
    const opened = await slack.openModal({ workspaceId: workspace.id, userId: body.user.id, triggerId: body.trigger_id, source: 'modal' });
    if (opened === true) return;
    log.info({ user: body.user.id, reason: opened }, 'points: shoutout modal not opened');
    await tellWhyNot(ctx.outbox, workspace, body, opened);
  };
}

/** The modal's submission: checked before the ack (pure), given after it. */
export function submitShoutout(slack: ShoutoutsSlack) {
  return async ({ ack, body, view, context }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs): Promise<void> => {
    const checked = checkShoutoutView(viewValues(view));
    if ('errors' in checked) return void (await ack({ response_action: 'errors', errors: checked.errors }));
    await ack();
    await slack.submit(requesterOf(context).workspace, { userId: body.user.id, viewId: view.id, checked, privateMetadata: view.private_metadata });
  };
}

export function pointsListeners(slack: ShoutoutsSlack, log: Logger) {
  return (app: App, ctx: SlackContext): void => {
    app.shortcut<MessageShortcut>({ callback_id: SHOUTOUT_SHORTCUT, type: 'message_action' }, shortcutShoutout(slack, log, ctx));
    app.action<BlockAction<ButtonAction>>(ACTIONS.giveShoutout, openShoutout(slack, log, ctx));
    // A link button still sends its click: acknowledged, nothing to do.
    app.action<BlockAction<ButtonAction>>(ACTIONS.openRewards, async ({ ack }) => void (await ack()));
    app.view<ViewSubmitAction>(SHOUTOUT_MODAL.callbackId, submitShoutout(slack));
  };
}
