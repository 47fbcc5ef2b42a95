import type { AllMiddlewareArgs, App, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { Logger } from 'pino';
import type { WorkspaceRepository } from '../workspaces/repository.js';
import type { JourneyAnswers } from './answers.js';
import { ACTIONS, POLL_ACTION_RE } from './blocks.js';

type ActionArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

const originOf = (body: ActionArgs['body']) => (body.channel?.id && body.message?.ts ? { channel: body.channel.id, ts: body.message.ts } : undefined);

/** "Mark as done" on a task and a poll's answer buttons: ack first, then record (source slack) and update the message. */
export function journeyListeners(answers: JourneyAnswers, workspaces: WorkspaceRepository, log: Logger) {
  return (app: App): void => {
    app.action<BlockAction<ButtonAction>>(ACTIONS.taskDone, async ({ ack, body }: ActionArgs) => {
      await ack();
      const teamId = body.team?.id ?? body.user.team_id;
      const ws = teamId ? await workspaces.byTeamId(teamId) : undefined;
      const taskId = Number(body.actions[0]?.value);
      if (!ws || !Number.isInteger(taskId) || taskId <= 0) return;
      if (!(await answers.taskFromSlack(ws.id, body.user.id, taskId, originOf(body)))) log.info({ user: body.user.id, taskId }, 'journeys: task button not for this user');
    });
    app.action<BlockAction<ButtonAction>>(POLL_ACTION_RE, async ({ ack, body }: ActionArgs) => {
      await ack();
      const teamId = body.team?.id ?? body.user.team_id;
      const ws = teamId ? await workspaces.byTeamId(teamId) : undefined;
      const m = /^(\d+):(\d)$/.exec(body.actions[0]?.value ?? '');
      if (!ws || !m) return;
      if (!(await answers.pollFromSlack(ws.id, body.user.id, Number(m[1]), Number(m[2]), originOf(body)))) log.info({ user: body.user.id, value: m[0] }, 'journeys: poll button not for this user');
    });
  };
}
