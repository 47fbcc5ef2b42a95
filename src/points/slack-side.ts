import type { CommandContext, CommandReply } from '../slack/commands.js';
import { NOT_MET_YET } from '../slack/why-not.js';
import { BLOCKS } from './blocks.js';
import type { PointsDeps } from './deps.js';
import type { PointsRepository } from './repository.js';
import { parseShoutoutText } from './rules.js';
import { ShoutoutRefused, type Shoutouts } from './shoutouts.js';
import type { ShoutoutSource } from './api-types.js';
import type { Workspace } from '../db/types.js';
import type { ViewStateValues } from '../slack/view-values.js';

/** view.state.values of the shoutout modal, as Slack sends them. */

export interface CheckedShoutout {
  recipient: string;
  points: number;
  message: string;
  channels: string[] | undefined;
}

/** The modal's input, checked before the ack (pure: no database): Slack shows these errors on the fields. */
export function checkShoutoutView(values: ViewStateValues): CheckedShoutout | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const recipient = values[BLOCKS.recipient]?.value?.selected_user ?? '';
  const rawPoints = values[BLOCKS.points]?.value?.value ?? '';
  const message = (values[BLOCKS.message]?.value?.value ?? '').trim();
  const channels = values[BLOCKS.channels]?.value?.selected_conversations ?? undefined;
  if (!recipient) errors[BLOCKS.recipient] = 'Pick someone to thank';
  const points = Number(rawPoints);
  if (!/^\d+$/.test(rawPoints.trim()) || points < 1) errors[BLOCKS.points] = 'Give at least 1';
  if (!message) errors[BLOCKS.message] = 'Say what the shoutout is for';
  if (Object.keys(errors).length) return { errors };
  return { recipient, points, message, channels: channels ?? undefined };
}

/** The Slack side of shoutouts: `/hearth shoutout`, the message shortcut, the Home button and the modal. */
export class ShoutoutsSlack {
  constructor(
    private readonly s: PointsDeps,
    private readonly repo: PointsRepository,
    private readonly shoutouts: Shoutouts,
  ) {}

  /** `/hearth shoutout @someone 10 for …`; with no words, the modal. */
  async command(ctx: CommandContext): Promise<CommandReply> {
    const giver = ctx.member && (await this.repo.member(ctx.workspace.id, ctx.member.id));
    if (!giver) return { text: NOT_MET_YET };
    if (!ctx.args.length) {
      const opened = await this.openModal({ workspaceId: ctx.workspace.id, userId: ctx.userId, triggerId: ctx.triggerId, source: 'modal' });
      return { text: opened === true ? 'Say thanks in the window that just opened.' : opened };
    }
    const parsed = parseShoutoutText(ctx.args.join(' '));
    if ('error' in parsed) return { text: parsed.error };
    const recipient = 'slackId' in parsed.target ? await this.repo.memberBySlackId(ctx.workspace.id, parsed.target.slackId) : await this.repo.memberByHandle(ctx.workspace.id, parsed.target.handle);
    if (!recipient) return { text: `I couldn't find ${'handle' in parsed.target ? `@${parsed.target.handle}` : 'that person'} in this workspace.` };
    try {
      const given = await this.shoutouts.give(ctx.workspace.id, giver, { recipient, points: parsed.points, message: parsed.message, source: 'command', requestKey: `command:${ctx.triggerId}` });
      // Given, not yet posted: the post goes through the outbox, and its giver is told if it fails.
      return { text: `:tada: Shoutout given to <@${recipient.slack_user_id}>: ${parsed.points} ${given.plural}. You have ${given.remaining} left to give this month.` };
    } catch (err) {
      if (err instanceof ShoutoutRefused) return { text: err.message };
      throw err;
    }
  }

  /** Opens the modal (views.open within the trigger's 3 seconds, through the outbox). true, or why not. */
  async openModal(input: { workspaceId: number; userId: string; triggerId: string; source: ShoutoutSource; recipient?: string; message?: string }): Promise<true | string> {
    const member = await this.repo.memberBySlackId(input.workspaceId, input.userId);
    if (!member) return NOT_MET_YET;
    let view;
    try {
      view = await this.shoutouts.modalFor(input.workspaceId, member, {
        source: input.source,
        ...(input.recipient && input.recipient !== input.userId ? { recipient: input.recipient } : {}),
        ...(input.message ? { message: input.message } : {}),
      });
    } catch (err) {
      if (err instanceof ShoutoutRefused) return err.message;
      throw err;
    }
    const row = await this.s.outbox.deliverNow({ workspaceId: input.workspaceId, key: `shoutout-modal:${input.triggerId}`, kind: 'shoutout_modal', method: 'views.open', args: { trigger_id: input.triggerId, view } });
    if (row.state !== 'sent') {
      this.s.log.warn({ error: row.last_error }, 'points: could not open the shoutout modal');
      return "I couldn't open the shoutout window just now. Try again?";
    }
    return true;
  }

  /** After the ack: give it; a refusal reaches the giver as a DM (the modal has closed). */
  async submit(ws: Workspace, input: { userId: string; viewId: string; checked: CheckedShoutout; privateMetadata: string }): Promise<void> {
    const dm = (text: string) => this.s.outbox.enqueue([{ workspaceId: ws.id, key: `shoutout-refused:${input.viewId}`, kind: 'shoutout', method: 'dm.post', args: { users: [input.userId], text } }]);
    const giver = await this.repo.memberBySlackId(ws.id, input.userId);
    if (!giver) return void (await dm(`Your shoutout wasn't sent: ${NOT_MET_YET}`));
    let source: ShoutoutSource = 'modal';
    try {
      const meta = JSON.parse(input.privateMetadata || '{}') as { source?: ShoutoutSource };
      if (meta.source === 'shortcut') source = 'shortcut';
    } catch {
      // Not ours to read: the default source.
    }
    const recipient = await this.repo.memberBySlackId(ws.id, input.checked.recipient);
    if (!recipient) return void (await dm("Your shoutout wasn't sent: I couldn't find that person in this workspace."));
    try {
      await this.shoutouts.give(ws.id, giver, { recipient, points: input.checked.points, message: input.checked.message, channels: input.checked.channels, source, requestKey: `view:${input.viewId}` });
    } catch (err) {
      if (err instanceof ShoutoutRefused) return void (await dm(`Your shoutout wasn't sent: ${err.message}`));
      throw err;
    }
  }
}
