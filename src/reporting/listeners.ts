import type { AllMiddlewareArgs, App, BlockAction, ButtonAction, SlackActionMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { COMMENT_ACTION, COMMENT_BLOCK, COMMENT_MAX, commentModal, FEEDBACK_ACTION, FEEDBACK_VIEW, parseFeedbackValue } from './blocks.js';
import { NOT_MET_YET, tellWhyNot } from '../slack/why-not.js';
import type { ReportingDeps } from './deps.js';
import type { ReportingService } from './service.js';
import { requesterOf } from '../slack/requester.js';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** Why feedback was not recorded: its Intros program was deleted since the question was asked. */
const PROGRAM_GONE = 'That Intros program no longer exists, so your feedback has nowhere to go. Thanks all the same!';

/** Intros feedback in Slack: a rating button records the rating and opens the optional comment; ack first. */
export function reportingListeners(services: ReportingDeps, reporting: ReportingService) {
  return (app: App): void => {
    app.action<BlockAction<ButtonAction>>(FEEDBACK_ACTION, async ({ ack, body, action, respond, context }: ButtonArgs) => {
      await ack();
      const input = parseFeedbackValue(action.value);
      const { workspace: ws, member } = requesterOf(context);
      if (!member) return void (await tellWhyNot(services.outbox, ws, body, NOT_MET_YET, respond));
      if (!input || !(await reporting.recordFeedback(ws.id, { ...input, memberId: member.id, comment: null }))) return void (await tellWhyNot(services.outbox, ws, body, PROGRAM_GONE, respond));
      await services.outbox.deliverNow({
        workspaceId: ws.id,
        key: `reporting-feedback-modal:${body.trigger_id}`,
        kind: 'reporting-modal',
        method: 'views.open',
        args: { trigger_id: body.trigger_id, view: commentModal(input) },
      });
    });

    app.view<ViewSubmitAction>(FEEDBACK_VIEW, async ({ ack, body, view, context }: ViewArgs) => {
      const comment = ((view.state.values[COMMENT_BLOCK]?.[COMMENT_ACTION]?.value as string | null | undefined) ?? '').trim();
      if (comment.length > COMMENT_MAX) {
        await ack({ response_action: 'errors', errors: { [COMMENT_BLOCK]: `Must be at most ${COMMENT_MAX} characters` } });
        return;
      }
      await ack();
      const meta = JSON.parse(view.private_metadata || '{}') as { p?: number; m?: number; r?: number };
      const input = parseFeedbackValue(`${meta.p}:${meta.m}:${meta.r}`);
      if (!input || !comment) return;
      const { workspace: ws, member } = requesterOf(context);
      const recorded = member && (await reporting.recordFeedback(ws.id, { ...input, memberId: member.id, comment }));
      if (!recorded) await tellWhyNot(services.outbox, ws, body, `Your comment wasn't saved. ${member ? PROGRAM_GONE : NOT_MET_YET}`);
    });
  };
}
