import type { App, BlockAction, ButtonAction, ViewSubmitAction } from '@slack/bolt';
import type { SlackContext } from '../slack/context.js';
import { NOT_MET_YET, tellWhyNot } from '../slack/why-not.js';
import { MEMBER_ACTIONS, PROFILE_MODAL } from './blocks.js';
import type { MemberSettingsService } from './settings.js';
import { requesterOf } from '../slack/requester.js';
import { viewValues } from '../slack/view-values.js';

/** The Home tab's "Edit profile": ack, open the modal; the submission is checked before its ack, saved after. */
export function memberListeners(settings: MemberSettingsService) {
  return (app: App, ctx: SlackContext): void => {
    app.action<BlockAction<ButtonAction>>(MEMBER_ACTIONS.openProfile, async ({ ack, body, context }) => {
      await ack();
      const from = requesterOf(context);
      if (!(await settings.openProfileModal(from, body.trigger_id))) await tellWhyNot(ctx.outbox, from.workspace, body, NOT_MET_YET);
    });
    // A link button still sends its click: acknowledged, nothing to do.
    app.action(MEMBER_ACTIONS.openSettings, async ({ ack }) => void (await ack()));
    app.view<ViewSubmitAction>(PROFILE_MODAL.callbackId, async ({ ack, body, view, context }) => {
      const values = viewValues(view);
      const checked = settings.checkProfileSubmission(values);
      if ('errors' in checked) return void (await ack({ response_action: 'errors', errors: checked.errors }));
      await ack();
      const from = requesterOf(context);
      if (!(await settings.saveProfileSubmission(from, values))) await tellWhyNot(ctx.outbox, from.workspace, body, `Your profile wasn't saved: ${NOT_MET_YET}`);
    });
  };
}
