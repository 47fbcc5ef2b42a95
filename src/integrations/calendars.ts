import type { OAuthProviderName } from '../config.js';
import { encrypt, hmac, safeEqual } from '../crypto.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { event } from '../platform/events/define.js';
import type { MemberIdentityJson } from './api-types.js';
import type { IntegrationsDeps } from './deps.js';
import { memberIdentityChanged } from './events.js';
import { IntegrationProviderError } from './hris-provider.js';
import type { BusyBlock, MeetingRequest, OAuthClient } from './oauth.js';
import type { IntegrationsRepository, MemberIdentity } from './repository.js';
import { addDays, instantToZoned, zonedToInstant } from '../time/zoned.js';
import { decrypt } from '../crypto.js';

export const CALENDAR_PROVIDERS: readonly OAuthProviderName[] = ['google', 'microsoft', 'zoom'];
/** How long an authorization may take between leaving for the provider and coming back. */
const STATE_TTL_MS = 15 * 60_000;
/** Suggested meetings: half an hour, between 9:00 and 17:00 on weekdays in the organizer's zone, the next week. */
const SLOT_MS = 30 * 60_000;
const DAY_START = 9 * 60;
const DAY_END = 17 * 60;
const LOOKAHEAD_DAYS = 7;
const SUGGESTIONS = 3;
/** A token this close to expiry is refreshed first. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * Members' calendar and video accounts (Google, Microsoft, Zoom) through OAuth's authorization-code flow: the
 * state is signed and bound to the member and provider; tokens are sealed at rest and never answered.
 */
export class CalendarsService {
  constructor(
    private readonly s: IntegrationsDeps,
    private readonly repo: IntegrationsRepository,
    private readonly clients: ReadonlyMap<OAuthProviderName, OAuthClient>,
  ) {}

  redirectUri(provider: OAuthProviderName): string {
    return `${this.s.config.publicUrl}/integrations/oauth/${provider}/callback`;
  }

  async identities(workspaceId: number, memberId: number): Promise<MemberIdentityJson[]> {
    const rows = await this.repo.memberIdentities(workspaceId, memberId);
    return CALENDAR_PROVIDERS.map((provider) => {
      const row = rows.find((r) => r.provider === provider);
      return { provider, valid: row?.valid === true, email: row?.valid ? row.email : null, available: this.clients.has(provider) };
    });
  }

  /** has_valid_*_identity of the current user. */
  async flags(workspaceId: number, memberId: number): Promise<Record<OAuthProviderName, boolean>> {
    const list = await this.identities(workspaceId, memberId);
    return Object.fromEntries(list.map((i) => [i.provider, i.valid])) as Record<OAuthProviderName, boolean>;
  }

  private client(provider: OAuthProviderName): OAuthClient {
    const client = this.clients.get(provider);
    if (!client) throw new HttpError(503, `No ${provider} app is configured for this deployment.`);
    return client;
  }

  private sign(payload: string): string {
    return hmac(this.s.config.sessionSecret, `oauth-state:${payload}`);
  }

  /** Where to send the member: the provider's consent page, with a state bound to them. */
  start(auth: AuthContext, provider: OAuthProviderName): { authorize_url: string } {
    const payload = Buffer.from(JSON.stringify({ w: auth.workspace.id, m: auth.member.id, p: provider, exp: this.s.clock.now().getTime() + STATE_TTL_MS })).toString('base64url');
    return { authorize_url: this.client(provider).authorizeUrl({ redirectUri: this.redirectUri(provider), state: `${payload}.${this.sign(payload)}` }) };
  }

  /** The provider sent the member back with a code: trade it for tokens, keep them sealed. */
  async complete(auth: AuthContext, provider: OAuthProviderName, code: string, state: string): Promise<MemberIdentityJson[]> {
    const [payload, sig] = state.split('.');
    const bad = () => new HttpError(400, 'state: this link has expired or is not yours; try linking again', { state: 'this link has expired or is not yours; try linking again' });
    if (!payload || !sig || !safeEqual(sig, this.sign(payload))) throw bad();
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { w: number; m: number; p: string; exp: number };
    const now = this.s.clock.now();
    if (claims.w !== auth.workspace.id || claims.m !== auth.member.id || claims.p !== provider || claims.exp < now.getTime()) throw bad();
    let tokens;
    try {
      tokens = await this.client(provider).exchange({ code, redirectUri: this.redirectUri(provider), now });
    } catch (err) {
      if (err instanceof IntegrationProviderError) throw new HttpError(502, err.message);
      throw err;
    }
    const key = this.s.config.encryptionKey;
    await this.s.events.transaction(async (trx, emit) => {
      await this.repo.saveMemberIdentity(trx, {
      member_id: auth.member.id,
      workspace_id: auth.workspace.id,
      provider,
      email: tokens.email,
      valid: true,
      access_token_enc: encrypt(key, tokens.accessToken),
      refresh_token_enc: tokens.refreshToken ? encrypt(key, tokens.refreshToken) : null,
      expires_at: tokens.expiresAt,
      scopes: tokens.scopes,
      created_at: now,
      updated_at: now,
      });
      emit(event(memberIdentityChanged, auth.workspace.id, { memberId: auth.member.id, provider, linked: true }));
    });
    return this.identities(auth.workspace.id, auth.member.id);
  }

  /** A member's busy stretches from their linked calendar (refreshing an expired token first), or null without one. */
  private async busyOf(identity: MemberIdentity, from: Date, to: Date, now: Date): Promise<BusyBlock[] | null> {
    const client = this.clients.get(identity.provider);
    if (!client?.readsCalendars || !identity.access_token_enc) return null;
    try {
      return await client.busy(await this.accessToken(client, identity, now), identity.email, from, to);
    } catch (err) {
      if (!(err instanceof IntegrationProviderError)) throw err;
      this.s.log.warn({ err, memberId: identity.member_id, provider: identity.provider }, 'calendar free/busy failed');
      return null;
    }
  }

  /**
   * A Zoom meeting for a group, hosted by the first of them who linked Zoom (refreshing an expired token first);
   * null when none of them did or Zoom refused. Made once per `key` (see `once`).
   */
  async zoomMeeting(workspaceId: number, key: string, memberIds: number[], request: MeetingRequest): Promise<string | null> {
    const client = this.clients.get('zoom');
    if (!client?.createsMeetings) return null;
    const identities = await this.repo.validIdentities(workspaceId, memberIds, 'zoom');
    const host = memberIds.map((id) => identities.find((i) => i.member_id === id)).find((i) => i?.access_token_enc);
    if (!host) return null;
    return this.once(workspaceId, key, async () => {
      try {
        return (await client.createMeeting(await this.accessToken(client, host, this.s.clock.now()), request)).joinUrl;
      } catch (err) {
        if (!(err instanceof IntegrationProviderError)) throw err;
        this.s.log.warn({ err, memberId: host.member_id }, 'Zoom meeting creation failed');
        return null;
      }
    });
  }

  /**
   * The fixed meeting's hold: the event on the calendar of the first of the group who linked one, the others
   * invited by their Slack email. False when none of them linked a calendar or the provider refused. Made once per
   * `key` (see `once`).
   */
  async holdMeeting(workspaceId: number, key: string, memberIds: number[], e: { title: string; description: string; start: Date; end: Date }): Promise<boolean> {
    const identities = await this.repo.calendarIdentities(workspaceId, memberIds);
    const organizer = memberIds
      .map((id) => identities.find((i) => i.member_id === id && i.access_token_enc && this.clients.get(i.provider)?.createsEvents))
      .find((i) => i !== undefined);
    if (!organizer) return false;
    const client = this.clients.get(organizer.provider)!;
    const others = (await this.repo.members(workspaceId, memberIds.filter((id) => id !== organizer.member_id))).map((m) => m.email).filter((x): x is string => !!x);
    const held = await this.once(workspaceId, key, async () => {
      try {
        return { eventId: await client.createEvent(await this.accessToken(client, organizer, this.s.clock.now()), { ...e, attendees: others }) };
      } catch (err) {
        if (!(err instanceof IntegrationProviderError)) throw err;
        this.s.log.warn({ err, memberId: organizer.member_id, provider: organizer.provider }, 'calendar hold failed');
        return null;
      }
    });
    return held !== null;
  }

  /**
   * Something made at a provider once per key of Hearth's own (an intro group's meeting): the key is claimed before
   * the call and completed with its answer, so a round run again after a crash, or two runs at once, reuse what the
   * first made instead of making it twice. A claim whose call has not answered (or never will) makes nothing more;
   * a refusal (null) gives the claim up for a later run.
   */
  private async once<T>(workspaceId: number, key: string, make: () => Promise<T | null>): Promise<T | null> {
    const claim = await this.repo.claimWrite(workspaceId, key, this.s.clock.now());
    if (!claim.claimed) return (claim.result as T | null) ?? null;
    let made: T | null = null;
    try {
      made = await make();
      return made;
    } finally {
      if (made === null) await this.repo.releaseWrite(workspaceId, key);
      else await this.repo.completeWrite(workspaceId, key, made);
    }
  }

  /** The identity's access token, refreshed first when it is about to expire (the new tokens sealed and stored). */
  private async accessToken(client: OAuthClient, identity: MemberIdentity, now: Date): Promise<string> {
    const key = this.s.config.encryptionKey;
    if (!identity.access_token_enc) throw new IntegrationProviderError('The account has no access token.');
    if (identity.expires_at && identity.expires_at.getTime() - REFRESH_MARGIN_MS <= now.getTime() && identity.refresh_token_enc) {
      const fresh = await client.refresh(decrypt(key, identity.refresh_token_enc), now);
      await this.repo.updateMemberTokens(identity.workspace_id, identity.member_id, identity.provider, {
        access_token_enc: encrypt(key, fresh.accessToken),
        ...(fresh.refreshToken ? { refresh_token_enc: encrypt(key, fresh.refreshToken) } : {}),
        expires_at: fresh.expiresAt,
        updated_at: now,
      });
      return fresh.accessToken;
    }
    return decrypt(key, identity.access_token_enc);
  }

  /**
   * Up to three half-hour times (the first free one of each weekday, 9:00–17:00 in the organizer's zone, the next
   * week) when everyone with a linked calendar is free. Null when the organizer has no calendar linked.
   */
  async suggestTimes(workspaceId: number, organizer: { id: number; tz: string }, others: number[]): Promise<{ slots: Date[]; withoutCalendar: number[] } | null> {
    const now = this.s.clock.now();
    const to = new Date(now.getTime() + (LOOKAHEAD_DAYS + 1) * 86_400_000);
    const ids = [organizer.id, ...others.filter((o) => o !== organizer.id)];
    const identities = await this.repo.calendarIdentities(workspaceId, ids);
    const busy = new Map<number, BusyBlock[]>();
    for (const id of ids) {
      const identity = identities.find((i) => i.member_id === id);
      const blocks = identity ? await this.busyOf(identity, now, to, now) : null;
      if (blocks) busy.set(id, blocks);
    }
    if (!busy.has(organizer.id)) return null;
    const all = [...busy.values()].flat();
    const slots: Date[] = [];
    const today = instantToZoned(now, organizer.tz).date;
    for (let d = 0; d <= LOOKAHEAD_DAYS && slots.length < SUGGESTIONS; d++) {
      const date = addDays(today, d);
      if (instantToZoned(zonedToInstant(date, DAY_START, organizer.tz), organizer.tz).weekday > 5) continue;
      for (let minute = DAY_START; minute + 30 <= DAY_END; minute += 30) {
        const start = zonedToInstant(date, minute, organizer.tz);
        const end = new Date(start.getTime() + SLOT_MS);
        if (start <= now || all.some((b) => b.start < end && b.end > start)) continue;
        slots.push(start);
        break;
      }
    }
    return { slots, withoutCalendar: ids.filter((id) => !busy.has(id)) };
  }

  /** Free times for a group (the intro DM's suggestions): only when every member has a calendar linked. */
  async freeTimes(workspaceId: number, memberIds: number[], tz: string): Promise<Date[] | null> {
    const [first, ...others] = memberIds;
    if (first === undefined) return null;
    const found = await this.suggestTimes(workspaceId, { id: first, tz }, others);
    return found && found.withoutCalendar.length === 0 ? found.slots : null;
  }

  /** journeys.md §4: unlinking clears the account's email and sets valid to false. */
  async unlink(auth: AuthContext, provider: OAuthProviderName): Promise<MemberIdentityJson[]> {
    const now = this.s.clock.now();
    await this.s.events.transaction(async (trx, emit) => {
      if (await this.repo.unlinkMemberIdentity(trx, auth.workspace.id, auth.member.id, provider, now))
        emit(event(memberIdentityChanged, auth.workspace.id, { memberId: auth.member.id, provider, linked: false }));
    });
    return this.identities(auth.workspace.id, auth.member.id);
  }
}
