import type { AllMiddlewareArgs, App, BlockAction, ButtonAction, SlackActionMiddlewareArgs, SlackEventMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { SlackUser } from '../people/service.js';
import type { SlackContext } from '../slack/context.js';
import { requesterOf } from '../slack/requester.js';
import { viewValues } from '../slack/view-values.js';
import { NOT_MET_YET, tellWhyNot } from '../slack/why-not.js';
import type { AutomaticEnrollment } from './automatic.js';
import { missingAnswers, modalMeta, SELF_JOIN_ACTION, SURVEY_OPEN_ACTION, SURVEY_VIEW } from './blocks.js';
import type { EnrollmentRepository } from './repository.js';
import type { EnrollmentSurveys } from './surveys.js';

/** Why a survey could not be opened or answered: it was removed, or Hearth does not know the person yet. */
const SURVEY_GONE = 'This survey is no longer open, or Hearth hasn’t met you yet. If you joined recently, try again in a few minutes; otherwise ask whoever sent it.';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * Joining a channel or the workspace enrols (auto-enroll channels, workspace-join journeys, pending enrollments);
 * the survey DM's button opens the survey modal; its submission is checked before the ack, recorded after it.
 */
export function enrollmentListeners(automatic: AutomaticEnrollment, surveys: EnrollmentSurveys, repo: Pick<EnrollmentRepository, 'memberBySlackId'>) {
  return (app: App, ctx: SlackContext): void => {
    app.event('member_joined_channel', async ({ event, context }: SlackEventMiddlewareArgs<'member_joined_channel'> & AllMiddlewareArgs) => {
      const { workspace } = requesterOf(context);
      const member = await repo.memberBySlackId(workspace.id, event.user);
      if (member && !member.is_bot && !member.deleted) await automatic.channelJoined(workspace.id, event.channel, member);
    });
    app.event('team_join', async ({ event, context }: SlackEventMiddlewareArgs<'team_join'> & AllMiddlewareArgs) => {
      const { workspace } = requesterOf(context);
      // The directory listener upserts them too; upserting here first means they are there whichever runs first.
      await ctx.people.upsert(workspace, [event.user as unknown as SlackUser]);
      const member = await repo.memberBySlackId(workspace.id, event.user.id);
      if (member && !member.is_bot && !member.deleted) await automatic.memberJoined(workspace.id, member);
    });
    app.action<BlockAction<ButtonAction>>(new RegExp(`^${SURVEY_OPEN_ACTION}:\\d+$`), async ({ ack, body, action, respond, context }: ButtonArgs) => {
      await ack();
      const { workspace } = requesterOf(context);
      const m = /^(\d+):(\d+)$/.exec(action.value ?? '');
      const origin = body.channel?.id && body.message?.ts ? { channel: body.channel.id, ts: body.message.ts } : undefined;
      if (!m || !(await surveys.openModal(workspace.id, Number(m[1]), Number(m[2]), body.trigger_id, origin))) await tellWhyNot(ctx.outbox, workspace, body, SURVEY_GONE, respond);
    });
    // "Join" on a journey open to self-enrollment (`/hearth join`, the Home tab): ack, then enrol and say so in a DM.
    app.action<BlockAction<ButtonAction>>(new RegExp(`^${SELF_JOIN_ACTION}:\\d+$`), async ({ ack, body, action, respond, context }: ButtonArgs) => {
      await ack();
      const { workspace } = requesterOf(context);
      const member = await repo.memberBySlackId(workspace.id, body.user.id);
      const tagId = Number(action.value);
      if (member && Number.isInteger(tagId) && tagId > 0) await automatic.joinFromSlack(workspace.id, member, tagId);
      else await tellWhyNot(ctx.outbox, workspace, body, NOT_MET_YET, respond);
    });
    app.view<ViewSubmitAction>(SURVEY_VIEW, async ({ ack, body, view, context }: ViewArgs) => {
      const meta = modalMeta(view.private_metadata);
      const values = viewValues(view);
      const errors = meta ? missingAnswers(meta.required, values) : {};
      if (Object.keys(errors).length) return void (await ack({ response_action: 'errors', errors }));
      await ack();
      const { workspace } = requesterOf(context);
      if (!meta || !(await surveys.submit(workspace.id, body.user.id, meta.shareId, meta.roleId, values, meta.origin))) await tellWhyNot(ctx.outbox, workspace, body, `Your answers weren't recorded. ${SURVEY_GONE}`);
    });
  };
}
