import type { KnownBlock } from '@slack/types';
import type { Trx } from '../db/index.js';
import type { Member, Workspace } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess, type AccessPolicy } from '../platform/access.js';
import { pointsProgramPolicy } from './access.js';
import { event, type DomainEvent } from '../platform/events/define.js';
import { addDays, formatLocalDate, instantToZoned, isValidTimeZone, parseLocalDate, zonedToInstant } from '../time/zoned.js';
import type { LeaderboardColumn, OrderDir, PointsPageData, PointsProgramJson, PointsWalletJson, WalletsPage } from './api-types.js';
import { homeSection } from './blocks.js';
import type { PointsDeps } from './deps.js';
import { bonusGiven } from './events.js';
import type { MemberInfo, PointsRepository } from './repository.js';
import { capAward, EARNING_RULES, EVENT_RULES, GROUP_EVENT, monthOf, rulePoints } from './rules.js';
import { bonusBody, pointsSettingsBody, walletBody } from './schema.js';
import type { PointsProgram } from './tables.js';

export const LEADERBOARD_PAGE_SIZE = 25;

/** A member's local calendar date at an instant (the daily cap and the monthly allowance follow it). */
export function localDateOf(instant: Date, tz: string): string {
  return formatLocalDate(instantToZoned(instant, isValidTimeZone(tz) ? tz : 'UTC').date);
}

export function programJson(p: PointsProgram): PointsProgramJson {
  return {
    points_name: p.points_name,
    points_name_plural: p.points_name_plural,
    default_allowance: p.default_allowance,
    daily_cap: p.daily_cap,
    rules: EARNING_RULES.map((r) => ({ key: r.key, label: r.label, points: rulePoints(p.rules, r.key), default_points: r.defaultPoints })),
  };
}

/**
 * Points: the program's settings, wallets and their ledger, earning from domain events (the subscriber),
 * admin bonuses and the leaderboard. Every balance change is a ledger row (PointsRepository.credit/debit).
 */
export class PointsService {
  constructor(
    private readonly s: PointsDeps,
    readonly repo: PointsRepository,
  ) {}

  program(workspaceId: number): Promise<PointsProgram> {
    return this.repo.program(workspaceId);
  }

  /**
   * One member's wallet (balance, allowance, role, ledger): the member and workspace admins see it (the leaderboard
   * shows everyone's balance, so another's is a 403, not a 404); admins change it.
   */
  readonly walletPolicy: AccessPolicy<MemberInfo> = {
    load: (workspaceId, id) => this.repo.member(workspaceId, id),
    canRead: (auth, m) => auth.isAdmin || m.id === auth.member.id,
    canEdit: (auth) => auth.isAdmin,
    forbidden: 'Only workspace admins can change wallets',
    readForbidden: "Only workspace admins can see another member's points history",
  };

  async settings(auth: AuthContext): Promise<PointsProgramJson> {
    return programJson(await this.repo.program(auth.workspace.id));
  }

  async updateSettings(auth: AuthContext, body: unknown): Promise<PointsProgramJson> {
    await requireAccess(auth, pointsProgramPolicy, auth.workspace.id, 'edit');
    const input = parse(pointsSettingsBody, body).points_program;
    const current = await this.repo.program(auth.workspace.id);
    const rules = input.rules ? { ...current.rules, ...input.rules } : undefined;
    const updated = await this.repo.updateProgram(
      auth.workspace.id,
      {
        ...(input.points_name !== undefined ? { points_name: input.points_name } : {}),
        ...(input.points_name_plural !== undefined ? { points_name_plural: input.points_name_plural } : {}),
        ...(input.default_allowance !== undefined ? { default_allowance: input.default_allowance } : {}),
        ...(input.daily_cap !== undefined ? { daily_cap: input.daily_cap } : {}),
        ...(rules ? { rules: JSON.stringify(rules) } : {}),
      },
      this.s.clock.now(),
    );
    return programJson(updated);
  }

  /** Allowance (custom or default) and what is left of it in the member's local month. */
  async allowance(workspaceId: number, member: Pick<MemberInfo, 'id' | 'tz'>, program: PointsProgram, ex?: Trx): Promise<{ allowance: number; isCustom: boolean; remaining: number }> {
    const wallet = await this.repo.wallet(workspaceId, member.id, ex);
    const allowance = wallet.custom_allowance ?? program.default_allowance;
    const given = await this.repo.givenInMonth(ex ?? this.s.db, workspaceId, member.id, monthOf(localDateOf(this.s.clock.now(), member.tz)));
    return { allowance, isCustom: wallet.custom_allowance !== null, remaining: Math.max(0, allowance - given) };
  }

  async walletJson(workspaceId: number, memberId: number): Promise<PointsWalletJson> {
    const member = await this.repo.member(workspaceId, memberId);
    if (!member) throw new HttpError(404, 'Not found');
    const program = await this.repo.program(workspaceId);
    const wallet = await this.repo.wallet(workspaceId, memberId);
    const a = await this.allowance(workspaceId, member, program);
    return { current_redeemable: wallet.current_redeemable, lifetime_earned: wallet.lifetime_earned, allowance: a.allowance, allowance_remaining: a.remaining };
  }

  async pageData(auth: AuthContext): Promise<PointsPageData> {
    return { points_program: await this.settings(auth), wallet: await this.walletJson(auth.workspace.id, auth.member.id), is_admin: auth.isAdmin };
  }

  async ledger(auth: AuthContext, memberId: number) {
    await requireAccess(auth, this.walletPolicy, memberId, 'read');
    return (await this.repo.ledger(auth.workspace.id, memberId, 100)).map((r) => ({ id: r.id, delta: r.delta, balance_after: r.balance_after, reason: r.reason, rule: r.rule, note: r.note, capped: r.capped, created_at: r.created_at.toISOString() }));
  }

  /** GET /points/wallets: the leaderboard (and, for admins, the people page's allowance and role columns). */
  async leaderboard(
    auth: AuthContext,
    q: { page: number; order_col: LeaderboardColumn; order_dir: OrderDir; start_date?: string | undefined; end_date?: string | undefined; user_search: string; for_people_page: boolean; page_view_key?: string | undefined },
  ): Promise<WalletsPage> {
    // The people page's columns (allowances, roles) are the admins' tools.
    if (q.for_people_page) await requireAccess(auth, pointsProgramPolicy, auth.workspace.id, 'edit');
    const program = await this.repo.program(auth.workspace.id);
    const tz = auth.member.tz ?? auth.workspace.default_tz;
    // The range is in the viewer's local days: from the start of start_date to the end of end_date.
    const zone = isValidTimeZone(tz) ? tz : 'UTC';
    const from = q.start_date ? zonedToInstant(parseLocalDate(q.start_date), 0, zone) : null;
    const to = q.end_date ? new Date(zonedToInstant(addDays(parseLocalDate(q.end_date), 1), 0, zone).getTime() - 1) : null;
    const rows = await this.repo.leaderboard(auth.workspace.id, {
      page: q.page,
      perPage: LEADERBOARD_PAGE_SIZE,
      orderCol: q.order_col,
      orderDir: q.order_dir,
      from,
      to,
      search: q.user_search,
      month: monthOf(localDateOf(this.s.clock.now(), tz)),
      defaultAllowance: program.default_allowance,
    });
    const more = rows.length > LEADERBOARD_PAGE_SIZE;
    const list = rows.slice(0, LEADERBOARD_PAGE_SIZE).map((r) => {
      const allowance = r.custom_allowance ?? program.default_allowance;
      return {
        id: r.id,
        slack_user_id: r.slack_user_id,
        name: r.name,
        avatar_url: r.avatar_url,
        shoutouts_role: r.shoutouts_role,
        points: {
          allowance,
          is_custom_allowance: r.custom_allowance !== null,
          allowance_remaining: Math.max(0, allowance - r.given_this_month),
          current_redeemable: r.current_redeemable,
          received: r.received,
          given: r.given,
        },
      };
    });
    return { list, nextPage: more ? q.page + 1 : null };
  }

  /** PUT /points/wallets/{id}: an admin sets a custom allowance (null: the default) or the shoutouts role. */
  async updateWallet(auth: AuthContext, memberId: number, body: unknown) {
    await requireAccess(auth, this.walletPolicy, memberId, 'edit');
    const input = parse(walletBody, body);
    await this.repo.updateWallet(
      auth.workspace.id,
      memberId,
      { ...(input.allowance !== undefined ? { custom_allowance: input.allowance } : {}), ...(input.shoutouts_role ? { shoutouts_role: input.shoutouts_role } : {}) },
      this.s.clock.now(),
    );
    return this.walletJson(auth.workspace.id, memberId);
  }

  /** POST /points/bonus: an admin's bonus, a ledger row like every other change (not subject to the daily cap). */
  async bonus(auth: AuthContext, body: unknown): Promise<PointsWalletJson> {
    await requireAccess(auth, pointsProgramPolicy, auth.workspace.id, 'edit');
    const input = parse(bonusBody, body);
    const member = await this.repo.member(auth.workspace.id, input.member_id);
    if (!member || member.deleted || member.is_bot) throw new HttpError(404, 'Not found');
    const now = this.s.clock.now();
    await this.s.events.transaction(async (trx, emit) => {
      const row = await this.repo.credit(trx, {
        workspaceId: auth.workspace.id,
        memberId: member.id,
        delta: input.points,
        reason: 'bonus',
        sourceKey: `bonus:${auth.member.id}:${input.request_id}`,
        localDate: localDateOf(now, member.tz),
        note: input.note || null,
        actorMemberId: auth.member.id,
        now,
      });
      if (row) emit(event(bonusGiven, auth.workspace.id, { memberId: member.id, points: input.points, actorId: auth.member.id }));
    });
    return this.walletJson(auth.workspace.id, member.id);
  }

  /**
   * The subscriber: pays what the earning table says for this event, within the member's daily cap (in their
   * local day, at the time of the event). The ledger's unique source key makes a replay pay nothing.
   */
  async onEvent(e: DomainEvent, trx: Trx): Promise<void> {
    if (GROUP_EVENT.is(e)) {
      await this.repo.saveIntroGroup(trx, e.workspaceId, e.payload.meetingId, e.payload.memberIds);
      return;
    }
    const rule = EVENT_RULES[e.type];
    if (!rule) return;
    const awards = await rule.awards(e, { introGroup: (meetingId) => this.repo.introGroup(trx, e.workspaceId, meetingId) });
    if (!awards.length) return;
    const program = await this.repo.program(e.workspaceId, trx);
    for (const award of awards) {
      const points = rulePoints(program.rules, award.rule);
      if (points <= 0) continue;
      const member = await this.repo.member(e.workspaceId, award.memberId, trx);
      if (!member || member.deleted || member.is_bot || member.is_external) continue;
      const localDate = localDateOf(e.occurredAt, member.tz);
      const earned = await this.repo.earnedOn(trx, e.workspaceId, member.id, localDate);
      const amount = capAward(points, earned, program.daily_cap);
      await this.repo.credit(trx, {
        workspaceId: e.workspaceId,
        memberId: member.id,
        delta: amount,
        reason: 'event',
        rule: award.rule,
        sourceKey: award.sourceKey,
        eventId: e.id,
        capped: amount < points,
        localDate,
        now: this.s.clock.now(),
      });
    }
  }

  /** The Home tab: the member's balance, what is left to give, and recent shoutouts. */
  async homeBlocks(workspace: Workspace, member: Member): Promise<KnownBlock[]> {
    const info = await this.repo.member(workspace.id, member.id);
    if (!info) return [];
    const program = await this.repo.program(workspace.id);
    const wallet = await this.repo.wallet(workspace.id, member.id);
    const a = await this.allowance(workspace.id, info, program);
    const recent = await this.repo.recentShoutouts(workspace.id, 3, { memberId: member.id });
    // A workspace that has not started shoutouts, and a member with nothing yet, see no section.
    if (program.shoutouts_state !== 'active' && wallet.current_redeemable === 0 && !recent.length) return [];
    return homeSection({
      plural: program.points_name_plural,
      balance: wallet.current_redeemable,
      allowanceRemaining: a.remaining,
      shoutoutsActive: program.shoutouts_state === 'active',
      canGive: wallet.shoutouts_role === 'participant',
      recent: recent.map((r) => ({ giver: r.giver_name, recipient: r.recipient_name, points: r.points, message: r.message, mine: r.recipient_member_id === member.id })),
      rewardsUrl: `${this.s.config.publicUrl}/rewards`,
    });
  }
}
