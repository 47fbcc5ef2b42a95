import type { AllMiddlewareArgs, App, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { Logger } from 'pino';
import type { SlackContext } from '../slack/context.js';
import { requesterOf } from '../slack/requester.js';
import { tellWhyNot } from '../slack/why-not.js';
import type { JourneyAnswers } from './answers.js';
import { ACTIONS, POLL_ACTION_RE } from './blocks.js';

type ActionArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

/** Why a task or poll button did nothing: it is someone else's, or its journey was removed since. */
const NOT_YOURS = {
  task: "I couldn't mark this task as done: it isn't one of yours, or it is no longer part of a journey.",
  poll: "I couldn't record your answer: this poll isn't one of yours, or it is no longer part of a journey.",
};

const originOf = (body: ActionArgs['body']) => (body.channel?.id && body.message?.ts ? { channel: body.channel.id, ts: body.message.ts } : undefined);

/** "Mark as done" on a task and a poll's answer buttons: ack first, then record (source slack) and update the message. */
export function journeyListeners(answers: JourneyAnswers, log: Logger) {
  return (app: App, ctx: SlackContext): void => {
    app.action<BlockAction<ButtonAction>>(ACTIONS.taskDone, async ({ ack, body, respond, context }: ActionArgs) => {
      await ack();
      const { workspace } = requesterOf(context);
      const taskId = Number(body.actions[0]?.value);
      if (Number.isInteger(taskId) && taskId > 0 && (await answers.taskFromSlack(workspace.id, body.user.id, taskId, originOf(body)))) return;
      log.info({ user: body.user.id, taskId }, 'journeys: task button not for this user');
      await tellWhyNot(ctx.outbox, workspace, body, NOT_YOURS.task, respond);
    });
    app.action<BlockAction<ButtonAction>>(POLL_ACTION_RE, async ({ ack, body, respond, context }: ActionArgs) => {
      await ack();
      const { workspace } = requesterOf(context);
      const m = /^(\d+):(\d)$/.exec(body.actions[0]?.value ?? '');
      if (m && (await answers.pollFromSlack(workspace.id, body.user.id, Number(m[1]), Number(m[2]), originOf(body)))) return;
      log.info({ user: body.user.id, value: m?.[0] }, 'journeys: poll button not for this user');
      await tellWhyNot(ctx.outbox, workspace, body, NOT_YOURS.poll, respond);
    });
  };
}
