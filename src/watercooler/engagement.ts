import { isReachableHuman } from '../people/service.js';
import { event } from '../platform/events/define.js';
import type { WatercoolerDeps } from './deps.js';
import { replied } from './events.js';
import type { PostsRepository } from './posts.repository.js';
import type { WatercoolerRepository } from './repository.js';

type EngagementDeps = Pick<WatercoolerDeps, 'clock' | 'workspaces' | 'people' | 'events'>;

/** Engagement on posted prompts, from the events Slack sends: thread replies and reactions by people. */
export class WatercoolerEngagement {
  constructor(
    private readonly s: EngagementDeps,
    private readonly repo: WatercoolerRepository,
    private readonly posts: PostsRepository,
  ) {}

  /** Unknown users count (the directory may lag); known bots, deactivated and external people do not. */
  private async isHuman(workspaceId: number, userId: string): Promise<boolean> {
    const m = await this.s.people.bySlackId(workspaceId, userId);
    return m ? isReachableHuman(m) : true;
  }

  /** The post whose message is `ts` in this team's channel, if Watercooler posts there. */
  private async postAt(workspaceId: number, channel: string, ts: string) {
    if (!(await this.posts.channelHasPosts(workspaceId, channel))) return undefined;
    const post = await this.posts.postByTs(workspaceId, channel, ts);
    return post && { workspaceId, ...post };
  }

  /**
   * A reply in a posted prompt's thread (message.channels with thread_ts), counted once per message: the first
   * time it is counted, `watercooler.replied` is appended in the same transaction.
   */
  async onThreadReply(workspaceId: number, e: { channel: string; ts: string; threadTs: string; user: string }): Promise<boolean> {
    const post = await this.postAt(workspaceId, e.channel, e.threadTs);
    if (!post || !(await this.isHuman(post.workspaceId, e.user))) return false;
    const reply = event(replied, post.workspaceId, { programId: post.program_id, postId: post.id, slackUserId: e.user });
    const counted = await this.repo.inTransaction(async (trx) => {
      const added = await this.posts.addReply(trx, post.workspaceId, post.id, e.ts, e.user, this.s.clock.now());
      if (added) await this.s.events.append(trx, [reply]);
      return added;
    });
    if (counted) await this.s.events.published([reply]);
    return true;
  }

  async onReplyDeleted(workspaceId: number, e: { channel: string; ts: string; threadTs: string }): Promise<void> {
    const post = await this.postAt(workspaceId, e.channel, e.threadTs);
    if (post) await this.posts.removeReply(post.workspaceId, post.id, e.ts);
  }

  async onReaction(workspaceId: number, e: { channel: string; ts: string; user: string; name: string; added: boolean }): Promise<boolean> {
    const post = await this.postAt(workspaceId, e.channel, e.ts);
    if (!post) return false;
    if (e.added) {
      if (!(await this.isHuman(post.workspaceId, e.user))) return false;
      await this.posts.addReaction(post.workspaceId, post.id, e.user, e.name, this.s.clock.now());
    } else await this.posts.removeReaction(post.workspaceId, post.id, e.user, e.name);
    return true;
  }
}
