import type { OutboxRow } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { mostUrgent, type DeliveryStatus } from '../outbox/reasons.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess } from '../platform/access.js';
import { pointsProgramPolicy } from './access.js';
import { event } from '../platform/events/define.js';
import type { ShoutoutJson, ShoutoutSource, ShoutoutsPageData, ShoutoutsProgramJson } from './api-types.js';
import { announcementMessage, shoutoutMessage, shoutoutModal } from './blocks.js';
import type { PointsDeps } from './deps.js';
import { shoutoutGiven, shoutoutsAnnounced, shoutoutsLaunched } from './events.js';
import type { MemberInfo, PointsRepository } from './repository.js';
import { monthOf } from './rules.js';
import { localDateOf, type PointsService } from './service.js';
import { announceBody, type ShoutoutBody } from './schema.js';
import type { PointsProgram } from './tables.js';

/** A shoutout refused for a reason the giver should read (in Slack or on a page). */
export class ShoutoutRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShoutoutRefused';
  }
}

/** The outbox kind of a shoutout's channel post (its giver is told when one fails). */
const SHOUTOUT_POST = 'shoutout_post';
const postKey = (shoutoutId: number, channel: string) => `shoutout:${shoutoutId}:${channel}`;
/** The shoutout a post's key names (`postKey`'s inverse). */
const shoutoutOfPostKey = (key: string) => Number(key.split(':')[1]);

export const programJson = (p: PointsProgram): ShoutoutsProgramJson => ({ state: p.shoutouts_state, launch_checklist: { announced: p.shoutouts_announced }, channels: p.shoutouts_channels });

export function defaultAnnouncement(plural: string): string {
  return `:tada: Shoutouts are here! Thank a teammate with \`/hearth shoutout @name 10 for …\`, or use the "Give a shoutout" shortcut on any message. Every month you get ${plural} to give, and the ${plural} you receive can be redeemed for rewards.`;
}

export interface GiveInput {
  recipient: MemberInfo;
  points: number;
  message: string;
  /** Channel ids to post in; undefined: the program's shoutout channels. */
  channels?: string[] | undefined;
  source: ShoutoutSource;
  /** The request's idempotency key (a trigger id, a view id): a retried request gives once. */
  requestKey: string;
}

/**
 * Shoutouts: launch and announce (the admin page), and giving one from Slack (command, shortcut, modal): the
 * giver's monthly allowance, the recipient's daily cap, the recipient's ledger row and the channel posts all
 * in one transaction.
 */
export class Shoutouts {
  constructor(
    private readonly s: PointsDeps,
    private readonly repo: PointsRepository,
    private readonly points: PointsService,
  ) {
    // The giver was told the shoutout was given; if its channel post fails for good (or is never confirmed), they are told that too.
    s.outbox.onFailed(SHOUTOUT_POST, (row, status) => this.postFailed(row, status));
  }

  async pageData(auth: AuthContext): Promise<ShoutoutsPageData> {
    const ws = auth.workspace.id;
    const program = await this.repo.program(ws);
    const recent = await this.repo.recentShoutouts(ws, 20);
    const deliveries = await this.s.outbox.deliveries(ws, recent.flatMap((r) => r.channel_ids.map((c) => postKey(r.id, c))));
    return {
      program: programJson(program),
      points_name_plural: program.points_name_plural,
      recent: recent.map(
        (r): ShoutoutJson => ({
          id: r.id,
          giver: { id: r.giver_member_id, name: r.giver_name },
          recipient: { id: r.recipient_member_id, name: r.recipient_name },
          points: r.points,
          message: r.message,
          created_at: r.created_at.toISOString(),
          delivery: mostUrgent(r.channel_ids.flatMap((c) => deliveries.get(postKey(r.id, c)) ?? [])),
        }),
      ),
      default_announcement: defaultAnnouncement(program.points_name_plural),
    };
  }

  /** POST /shoutouts/activate: the program becomes active (journeys.md §4). */
  async activate(auth: AuthContext): Promise<{ program: ShoutoutsProgramJson }> {
    await requireAccess(auth, pointsProgramPolicy, auth.workspace.id, 'edit');
    const program = await this.s.events.transaction(async (trx, emit) => {
      const before = await this.repo.program(auth.workspace.id, trx);
      const after = await this.repo.updateProgram(auth.workspace.id, { shoutouts_state: 'active' }, this.s.clock.now(), trx);
      if (before.shoutouts_state !== 'active') emit(event(shoutoutsLaunched, auth.workspace.id, { actorId: auth.member.id }));
      return after;
    });
    return { program: programJson(program) };
  }

  /** POST /shoutouts/announce {channels, text}: posts in each channel; launch_checklist.announced becomes true. */
  async announce(auth: AuthContext, body: unknown): Promise<{ program: ShoutoutsProgramJson }> {
    await requireAccess(auth, pointsProgramPolicy, auth.workspace.id, 'edit');
    const input = parse(announceBody, body);
    const channels = [...new Set(input.channels)];
    await this.s.channels.requireOwn(auth.workspace.id, 'channels', channels);
    const now = this.s.clock.now();
    const program = await this.s.events.transaction(async (trx, emit) => {
      await this.s.outbox.add(
        trx,
        channels.map((channel) => ({ workspaceId: auth.workspace.id, key: `shoutouts-announce:${channel}:${now.getTime()}`, kind: 'shoutouts_announcement', method: 'chat.postMessage', args: { channel, ...announcementMessage(input.text), unfurl_links: false } })),
      );
      const program = await this.repo.updateProgram(auth.workspace.id, { shoutouts_announced: true, shoutouts_channels: JSON.stringify(channels) }, now, trx);
      emit(event(shoutoutsAnnounced, auth.workspace.id, { actorId: auth.member.id, channels }));
      return program;
    });
    return { program: programJson(program) };
  }

  /** The modal, for a giver: their allowance left and the program's channels. */
  async modalFor(workspaceId: number, giver: MemberInfo, prefill: { recipient?: string; message?: string; source: ShoutoutSource }) {
    const program = await this.repo.program(workspaceId);
    this.checkGiver(program, (await this.repo.wallet(workspaceId, giver.id)).shoutouts_role);
    const a = await this.points.allowance(workspaceId, giver, program);
    return shoutoutModal({ plural: program.points_name_plural, remaining: a.remaining, channels: program.shoutouts_channels, privateMetadata: JSON.stringify({ source: prefill.source }), ...prefill });
  }

  private checkGiver(program: PointsProgram, role: string): void {
    if (program.shoutouts_state !== 'active') throw new ShoutoutRefused(`Shoutouts haven't launched yet. An admin can launch them at ${this.s.config.publicUrl}/shoutouts`);
    if (role !== 'participant') throw new ShoutoutRefused("You can't give shoutouts in this workspace. Ask an admin if that's a mistake.");
  }

  /** Gives a shoutout. Throws ShoutoutRefused with the reason when it cannot be given. */
  async give(workspaceId: number, giver: MemberInfo, input: GiveInput): Promise<{ shoutoutId: number; remaining: number; plural: string; duplicate: boolean }> {
    const { recipient } = input;
    if (recipient.id === giver.id) throw new ShoutoutRefused("You can't give yourself a shoutout.");
    if (recipient.is_bot || recipient.deleted || recipient.is_external) throw new ShoutoutRefused(`${recipient.name} can't receive shoutouts.`);
    const message = input.message.trim();
    if (!message) throw new ShoutoutRefused('Say what the shoutout is for.');
    const now = this.s.clock.now();
    return this.s.events.transaction(async (trx, emit) => {
      const program = await this.repo.program(workspaceId, trx);
      // Both wallets are locked, lower id first (A→B and B→A at once cannot deadlock): two shoutouts from one
      // giver spend the allowance one at a time, and two to one recipient fill the daily cap one at a time.
      const [first, second] = giver.id < recipient.id ? [giver.id, recipient.id] : [recipient.id, giver.id];
      const locked = new Map([
        [first, await this.repo.lockWallet(trx, workspaceId, first, now)],
        [second, await this.repo.lockWallet(trx, workspaceId, second, now)],
      ]);
      const giverWallet = locked.get(giver.id)!;
      const recipientWallet = locked.get(recipient.id)!;
      this.checkGiver(program, giverWallet.shoutouts_role);
      if (recipientWallet.shoutouts_role === 'excluded') throw new ShoutoutRefused(`${recipient.name} isn't taking part in shoutouts.`);
      const plural = program.points_name_plural;
      const month = monthOf(localDateOf(now, giver.tz));
      const allowance = giverWallet.custom_allowance ?? program.default_allowance;
      const left = allowance - (await this.repo.givenInMonth(trx, workspaceId, giver.id, month));
      const recipientDay = localDateOf(now, recipient.tz);
      const room = program.daily_cap - (await this.repo.earnedOn(trx, workspaceId, recipient.id, recipientDay));
      const shoutout = await this.repo.insertShoutout(trx, {
        workspace_id: workspaceId,
        giver_member_id: giver.id,
        recipient_member_id: recipient.id,
        points: input.points,
        message,
        channel_ids: JSON.stringify(input.channels ?? program.shoutouts_channels),
        source: input.source,
        request_key: input.requestKey,
        giver_local_month: month,
        created_at: now,
      });
      if (!shoutout) return { shoutoutId: 0, remaining: Math.max(0, left), plural, duplicate: true };
      if (input.points > left) throw new ShoutoutRefused(left > 0 ? `You have ${left} ${plural} left to give this month.` : `You've given all your ${plural} for this month. Your allowance renews on the 1st.`);
      if (input.points > room)
        throw new ShoutoutRefused(room > 0 ? `${recipient.name} can receive ${room} more ${plural} today.` : `${recipient.name} has received the most ${plural} allowed today. Try again tomorrow.`);
      await this.repo.credit(trx, { workspaceId, memberId: recipient.id, delta: input.points, reason: 'shoutout', sourceKey: `shoutout:${shoutout.id}`, shoutoutId: shoutout.id, localDate: recipientDay, actorMemberId: giver.id, note: message, now });
      const post = shoutoutMessage({ giverSlackId: giver.slack_user_id, recipientSlackId: recipient.slack_user_id, points: input.points, plural, message });
      const channels = shoutout.channel_ids;
      await this.s.outbox.add(trx, [
        ...channels.map((channel) => ({ workspaceId, key: postKey(shoutout.id, channel), kind: SHOUTOUT_POST, method: 'chat.postMessage', args: { channel, text: post.text, blocks: post.blocks, unfurl_links: false } })),
        { workspaceId, key: `shoutout-dm:${shoutout.id}`, kind: 'shoutout', method: 'dm.post', args: { users: [recipient.slack_user_id], text: post.text, blocks: post.blocks } },
      ]);
      emit(event(shoutoutGiven, workspaceId, { shoutoutId: shoutout.id, giverId: giver.id, recipientId: recipient.id, points: input.points }));
      return { shoutoutId: shoutout.id, remaining: left - input.points, plural, duplicate: false };
    });
  }

  /** A shoutout's channel post failed for good, or was never confirmed: its giver learns it in a DM, with why, once per post. */
  private async postFailed(row: OutboxRow, status: DeliveryStatus): Promise<void> {
    const { channel } = row.payload as { channel: string };
    const [shoutout] = await this.repo.recentShoutouts(row.workspace_id, 1, { shoutoutId: shoutoutOfPostKey(row.idempotency_key) });
    if (!shoutout) return;
    const points = (await this.repo.program(row.workspace_id)).points_name_plural;
    const text =
      status.label === 'Not confirmed'
        ? `Hearth couldn't confirm your shoutout to <@${shoutout.recipient_slack_id}> was posted in <#${channel}>: check the channel. Your ${points} still reached them.`
        : `Your shoutout to <@${shoutout.recipient_slack_id}> wasn't posted in <#${channel}>. ${status.reason ?? ''} Your ${points} still reached them.`;
    await this.s.outbox.enqueue([{ workspaceId: row.workspace_id, key: `shoutout-not-posted:${row.id}`, kind: 'shoutout', method: 'dm.post', args: { users: [shoutout.giver_slack_id], text } }]);
  }

  /** POST /shoutouts from the page (the e2e and admins use it too): the signed-in member gives one. */
  async giveFromPage(auth: AuthContext, input: ShoutoutBody) {
    const giver = await this.repo.member(auth.workspace.id, auth.member.id);
    const recipient = await this.repo.member(auth.workspace.id, input.recipient_id);
    if (!giver || !recipient) throw new HttpError(404, 'Not found');
    if (input.channels) await this.s.channels.requireOwn(auth.workspace.id, 'channels', input.channels);
    try {
      return await this.give(auth.workspace.id, giver, { recipient, points: input.points, message: input.message, channels: input.channels, source: 'modal', requestKey: `page:${auth.member.id}:${input.request_id}` });
    } catch (err) {
      if (err instanceof ShoutoutRefused) throw new HttpError(400, err.message, { points: err.message });
      throw err;
    }
  }
}
