import type { OAuthProviderName } from '../config.js';
import { IntegrationProviderError } from './hris-provider.js';
import { callJson, type FetchLike } from './http.js';

/** One OAuth 2.0 authorization server (authorization-code flow) and where to read who signed in. */
export interface OAuthEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  /** Answers the account's email: an OpenID userinfo endpoint, or Zoom's /users/me. */
  userUrl: string;
  scopes: string[];
  /** Zoom takes the client's credentials as HTTP Basic; Google and Microsoft in the form. */
  clientAuth: 'basic' | 'form';
  extraParams?: Record<string, string>;
  /** Where the account's busy times are read: Google's freeBusy, Microsoft Graph's getSchedule; Zoom has none. */
  freeBusy?: { kind: 'google' | 'microsoft'; url: string };
  /** Where a video meeting is created for the account: Zoom's POST /users/me/meetings. */
  meetings?: { url: string };
  /** Where a calendar event is put on the account's calendar: Google's events.insert, Microsoft Graph's POST /me/events. */
  events?: { kind: 'google' | 'microsoft'; url: string };
}

/** A calendar hold for a group's meeting: the organizer's calendar, the others invited. */
export interface CalendarEventRequest {
  title: string;
  description: string;
  start: Date;
  end: Date;
  attendees: string[];
}

/** A video meeting to create: scheduled at `start` (Zoom type 2), or with no fixed time (type 3) when null. */
export interface MeetingRequest {
  topic: string;
  start: Date | null;
  durationMinutes: number;
  tz: string;
}

/** The meeting as the provider created it. */
export interface VideoMeeting {
  id: string;
  joinUrl: string;
}

/** A busy stretch of someone's calendar. */
export interface BusyBlock {
  start: Date;
  end: Date;
}

/** The providers' documented endpoints and the scopes Intros' scheduling needs (free/busy, events, meetings). */
export const OAUTH_PROVIDERS: Record<OAuthProviderName, OAuthEndpoints> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'https://www.googleapis.com/auth/calendar.freebusy', 'https://www.googleapis.com/auth/calendar.events'],
    clientAuth: 'form',
    extraParams: { access_type: 'offline', prompt: 'consent' },
    freeBusy: { kind: 'google', url: 'https://www.googleapis.com/calendar/v3/freeBusy' },
    events: { kind: 'google', url: 'https://www.googleapis.com/calendar/v3/calendars/primary/events' },
  },
  microsoft: {
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userUrl: 'https://graph.microsoft.com/oidc/userinfo',
    scopes: ['openid', 'email', 'offline_access', 'Calendars.ReadWrite'],
    clientAuth: 'form',
    freeBusy: { kind: 'microsoft', url: 'https://graph.microsoft.com/v1.0/me/calendar/getSchedule' },
    events: { kind: 'microsoft', url: 'https://graph.microsoft.com/v1.0/me/events' },
  },
  zoom: {
    authorizeUrl: 'https://zoom.us/oauth/authorize',
    tokenUrl: 'https://zoom.us/oauth/token',
    userUrl: 'https://api.zoom.us/v2/users/me',
    scopes: ['meeting:write:meeting', 'user:read:user'],
    clientAuth: 'basic',
    meetings: { url: 'https://api.zoom.us/v2/users/me/meetings' },
  },
};

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string;
  email: string | null;
}

/** An OAuth client of one provider: the authorize URL, then the code traded for tokens and the account's email. */
export class OAuthClient {
  constructor(
    readonly provider: OAuthProviderName,
    private readonly endpoints: OAuthEndpoints,
    private readonly client: { clientId: string; clientSecret: string },
    private readonly fetchImpl: FetchLike = fetch,
  ) {}

  authorizeUrl(input: { redirectUri: string; state: string }): string {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: this.client.clientId,
      redirect_uri: input.redirectUri,
      scope: this.endpoints.scopes.join(' '),
      state: input.state,
      ...this.endpoints.extraParams,
    });
    return `${this.endpoints.authorizeUrl}?${q}`;
  }

  /** The token endpoint, with the client's credentials as the provider documents them. */
  private async token(grant: Record<string, string>, now: Date): Promise<Omit<OAuthTokens, 'email'>> {
    const form = new URLSearchParams(grant);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (this.endpoints.clientAuth === 'basic') headers.authorization = `Basic ${Buffer.from(`${this.client.clientId}:${this.client.clientSecret}`).toString('base64')}`;
    else {
      form.set('client_id', this.client.clientId);
      form.set('client_secret', this.client.clientSecret);
    }
    const token = await callJson<{ access_token?: string; refresh_token?: string; expires_in?: number; scope?: string }>(this.fetchImpl, this.label, this.endpoints.tokenUrl, { method: 'POST', headers, body: form.toString() });
    if (!token?.access_token) throw new IntegrationProviderError(`${this.label} answered without an access token`);
    return {
      accessToken: token.access_token,
      refreshToken: token.refresh_token ?? null,
      expiresAt: token.expires_in ? new Date(now.getTime() + token.expires_in * 1000) : null,
      scopes: token.scope ?? this.endpoints.scopes.join(' '),
    };
  }

  async exchange(input: { code: string; redirectUri: string; now: Date }): Promise<OAuthTokens> {
    const tokens = await this.token({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri }, input.now);
    const user = await callJson<{ email?: string }>(this.fetchImpl, this.label, this.endpoints.userUrl, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    return { ...tokens, email: user?.email?.toLowerCase() ?? null };
  }

  /** A new access token for an expired one (providers may or may not hand out a new refresh token). */
  refresh(refreshToken: string, now: Date): Promise<Omit<OAuthTokens, 'email'>> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken }, now);
  }

  get readsCalendars(): boolean {
    return this.endpoints.freeBusy !== undefined;
  }

  /** The account's busy stretches between two instants (its primary calendar). */
  async busy(accessToken: string, email: string | null, from: Date, to: Date): Promise<BusyBlock[]> {
    const fb = this.endpoints.freeBusy;
    if (!fb) return [];
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    if (fb.kind === 'google') {
      const answer = await callJson<{ calendars?: Record<string, { busy?: Array<{ start: string; end: string }> }> }>(this.fetchImpl, this.label, fb.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ timeMin: from.toISOString(), timeMax: to.toISOString(), items: [{ id: 'primary' }] }),
      });
      return (answer?.calendars?.primary?.busy ?? []).map((b) => ({ start: new Date(b.start), end: new Date(b.end) }));
    }
    const utc = (d: Date) => ({ dateTime: d.toISOString().slice(0, 19), timeZone: 'UTC' });
    const answer = await callJson<{ value?: Array<{ scheduleItems?: Array<{ status: string; start: { dateTime: string }; end: { dateTime: string } }> }> }>(this.fetchImpl, this.label, fb.url, {
      method: 'POST',
      headers: { ...headers, prefer: 'outlook.timezone="UTC"' },
      body: JSON.stringify({ schedules: [email ?? ''], startTime: utc(from), endTime: utc(to), availabilityViewInterval: 30 }),
    });
    const asUtc = (s: string) => new Date(`${s.replace(/\.\d+$/, '')}Z`);
    return (answer?.value?.[0]?.scheduleItems ?? []).filter((i) => i.status !== 'free').map((i) => ({ start: asUtc(i.start.dateTime), end: asUtc(i.end.dateTime) }));
  }

  get createsEvents(): boolean {
    return this.endpoints.events !== undefined;
  }

  /**
   * Puts the meeting on the account's calendar and invites the others: Google's events.insert (sendUpdates=all)
   * or Microsoft Graph's POST /me/events (Graph sends the invitations). Answers the event's id.
   */
  async createEvent(accessToken: string, e: CalendarEventRequest): Promise<string> {
    const target = this.endpoints.events;
    if (!target) throw new IntegrationProviderError(`${this.label} has no calendar`);
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    if (target.kind === 'google') {
      const answer = await callJson<{ id?: string }>(this.fetchImpl, this.label, `${target.url}?sendUpdates=all`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          summary: e.title,
          description: e.description,
          start: { dateTime: e.start.toISOString(), timeZone: 'UTC' },
          end: { dateTime: e.end.toISOString(), timeZone: 'UTC' },
          attendees: e.attendees.map((email) => ({ email })),
        }),
      });
      if (!answer?.id) throw new IntegrationProviderError(`${this.label} answered without an event id`);
      return answer.id;
    }
    const utc = (d: Date) => ({ dateTime: d.toISOString().slice(0, 19), timeZone: 'UTC' });
    const answer = await callJson<{ id?: string }>(this.fetchImpl, this.label, target.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        subject: e.title,
        body: { contentType: 'text', content: e.description },
        start: utc(e.start),
        end: utc(e.end),
        attendees: e.attendees.map((address) => ({ emailAddress: { address }, type: 'required' })),
      }),
    });
    if (!answer?.id) throw new IntegrationProviderError(`${this.label} answered without an event id`);
    return answer.id;
  }

  get createsMeetings(): boolean {
    return this.endpoints.meetings !== undefined;
  }

  /**
   * Creates a meeting the account hosts (Zoom's documented POST /users/me/meetings: 201 with `id` and `join_url`).
   * Anyone with the link may join before the host, since the host is one of the group.
   */
  async createMeeting(accessToken: string, m: MeetingRequest): Promise<VideoMeeting> {
    const target = this.endpoints.meetings;
    if (!target) throw new IntegrationProviderError(`${this.label} does not create meetings`);
    const body = {
      topic: m.topic.slice(0, 200),
      type: m.start ? 2 : 3,
      ...(m.start ? { start_time: `${m.start.toISOString().slice(0, 19)}Z` } : {}),
      duration: m.durationMinutes,
      timezone: m.tz,
      settings: { join_before_host: true, waiting_room: false },
    };
    const answer = await callJson<{ id?: number | string; join_url?: string }>(this.fetchImpl, this.label, target.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!answer?.join_url || answer.id === undefined) throw new IntegrationProviderError(`${this.label} answered without a meeting link`);
    return { id: String(answer.id), joinUrl: answer.join_url };
  }

  private get label(): string {
    return { google: 'Google', microsoft: 'Microsoft', zoom: 'Zoom' }[this.provider];
  }
}
