import type { AllMiddlewareArgs, App, BlockAction, ButtonAction, SlackActionMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { Logger } from 'pino';
import type { SlackContext } from '../slack/context.js';
import { tellWhyNot } from '../slack/why-not.js';
import { ACTIONS, DATES_MODAL } from './blocks.js';
import type { MemberDates } from './member-dates.js';
import { requesterOf } from '../slack/requester.js';
import { viewValues } from '../slack/view-values.js';

/** Why the dates could not be asked for or saved: the member is not one Hearth celebrates (yet). */
const NOT_OPENED = "Hearth can't celebrate you yet: it hasn't met you, or your account can't be celebrated here. If you joined recently, try again in a few minutes.";

type ActionArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

/** "Add my dates" (the ask-for-dates DM and the home tab): ack, then open the modal while the trigger is fresh. */
export function openDates(memberDates: MemberDates, log: Logger, ctx: SlackContext) {
  return async ({ ack, body, respond, context }: ActionArgs): Promise<void> => {
    await ack();
    const from = requesterOf(context);
    const value = body.actions[0]?.value ?? '';
    const program = /^program:(\d+)$/.exec(value)?.[1];
    const opened = await memberDates.openDatesModal(from, {
      triggerId: body.trigger_id,
      metadata: {
        ...(body.channel?.id && body.message?.ts ? { channel: body.channel.id, ts: body.message.ts } : {}),
        ...(program ? { program: Number(program) } : {}),
      },
    });
    if (opened) return;
    log.info({ user: body.user.id }, 'celebrations: dates modal not opened');
    await tellWhyNot(ctx.outbox, from.workspace, body, NOT_OPENED, respond);
  };
}

/**
 * The dates modal's submission. The one listener that does work before its ack: Slack shows per-block errors
 * only in the ack, so the dates are checked first — a pure check, no database. Saving comes after the ack.
 */
export function submitDates(memberDates: MemberDates, ctx: SlackContext) {
  return async ({ ack, body, view, context }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs): Promise<void> => {
    const values = viewValues(view);
    const checked = memberDates.checkDates(values);
    if ('errors' in checked) return void (await ack({ response_action: 'errors', errors: checked.errors }));
    await ack();
    const from = requesterOf(context);
    if (!(await memberDates.saveDates(from, { values, privateMetadata: view.private_metadata }))) await tellWhyNot(ctx.outbox, from.workspace, body, `Your dates weren't saved. ${NOT_OPENED}`);
  };
}

export function celebrationListeners(memberDates: MemberDates, log: Logger) {
  return (app: App, ctx: SlackContext): void => {
    app.action<BlockAction<ButtonAction>>(ACTIONS.openDates, openDates(memberDates, log, ctx));
    app.view<ViewSubmitAction>(DATES_MODAL.callbackId, submitDates(memberDates, ctx));
  };
}
