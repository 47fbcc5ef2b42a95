import { createHmac, randomUUID } from 'node:crypto';
import type { EnvelopeType, SocketModeServer } from './socket-mode.js';

/**
 * Sends requests to Hearth's /slack/events exactly as Slack does: signed with the signing secret (v0 scheme),
 * slash commands and interactions form-encoded, Events API callbacks as JSON with an event_id and, for a
 * redelivery, X-Slack-Retry-Num. When the app is connected over Socket Mode, the same payloads go as envelopes
 * on its socket instead, and its ack is the answer.
 */
/** What the driver knows of a workspace to address it as Slack does: the app's id, its bot, names. */
export interface DriverDirectory {
  app(teamId: string): { appId: string; botUserId: string; enterpriseId?: string; domain?: string } | undefined;
  channelName?(teamId: string, channelId: string): string | undefined;
  userName?(teamId: string, userId: string): string | undefined;
}

const FALLBACK_APP: ReturnType<DriverDirectory['app']> & object = { appId: 'A0HEARTH', botUserId: 'U0HEARTHBOT' };

/** The status of a Socket Mode delivery the app did not ack within Slack's 3 seconds (as an HTTP request timing out). */
export const NO_ACK_STATUS = 408;

export class SlackDriver {
  constructor(
    private readonly endpoint: string,
    private readonly signingSecret: string,
    private readonly now: () => number = Date.now,
    private readonly directory?: DriverDirectory,
    private readonly socket?: SocketModeServer,
  ) {}

  sign(body: string, timestamp = Math.floor(this.now() / 1000)): Record<string, string> {
    const signature = 'v0=' + createHmac('sha256', this.signingSecret).update(`v0:${timestamp}:${body}`).digest('hex');
    return { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature };
  }

  async post(body: string, contentType: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(this.endpoint, { method: 'POST', headers: { 'content-type': contentType, ...this.sign(body), ...headers }, body });
  }

  /** Over the app's socket when it has one (its ack as the answer), else to the Request URL. */
  private async deliver(appId: string, type: EnvelopeType, payload: Record<string, unknown>, http: () => Promise<Response>, retry?: { attempt: number; reason: string }): Promise<Response> {
    const delivery = await this.socket?.deliver(appId, type, payload, retry);
    if (!delivery) return http();
    if (!delivery.acked) return new Response(null, { status: NO_ACK_STATUS });
    return delivery.payload ? Response.json(delivery.payload) : new Response(null, { status: 200 });
  }

  /**
   * A slash command, as Slack sends it: the channel's and the person's names too (Slack's `channel_name` is the
   * channel's name, `directmessage` or `privategroup`; `user_name` the handle). Its JSON answer is what the
   * member sees.
   */
  async command(input: { teamId: string; userId: string; channelId: string; command?: string; text: string; responseUrl: string; triggerId: string; teamDomain?: string; enterpriseId?: string; channelName?: string; userName?: string }): Promise<Response> {
    const app = this.directory?.app(input.teamId) ?? FALLBACK_APP;
    const enterpriseId = input.enterpriseId ?? app.enterpriseId;
    const fields = {
      token: 'sandbox',
      team_id: input.teamId,
      team_domain: input.teamDomain ?? app.domain ?? 'sandbox',
      ...(enterpriseId ? { enterprise_id: enterpriseId } : {}),
      channel_id: input.channelId,
      channel_name: input.channelName ?? this.directory?.channelName?.(input.teamId, input.channelId) ?? input.channelId,
      user_id: input.userId,
      user_name: input.userName ?? this.directory?.userName?.(input.teamId, input.userId) ?? input.userId,
      command: input.command ?? '/hearth',
      text: input.text,
      api_app_id: app.appId,
      is_enterprise_install: 'false',
      response_url: input.responseUrl,
      trigger_id: input.triggerId,
    };
    return this.deliver(app.appId, 'slash_commands', fields, () => this.post(new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded'));
  }

  /** block_actions, view_submission, view_closed …: `payload=<json>` form-encoded. */
  async interaction(payload: Record<string, unknown>): Promise<Response> {
    const form = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    return this.deliver(String(payload.api_app_id), 'interactive', payload, () => this.post(form, 'application/x-www-form-urlencoded'));
  }

  /**
   * An Events API callback in Slack's envelope: no top-level is_enterprise_install (it is in
   * `authorizations[0]`, whose user_id is the installed bot's), one api_app_id, context_team_id and
   * is_ext_shared_channel. `isEnterpriseInstall` delivers it to an org-wide installation (authorizations carry
   * the enterprise and no team). Pass the same eventId with retryNum to simulate Slack's redelivery.
   */
  async event(input: { teamId: string; event: Record<string, unknown>; eventId?: string; retryNum?: number; enterpriseId?: string; isEnterpriseInstall?: boolean; isExtSharedChannel?: boolean }): Promise<{ response: Response; eventId: string }> {
    const eventId = input.eventId ?? `Ev${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
    const app = this.directory?.app(input.teamId) ?? FALLBACK_APP;
    const enterpriseId = input.enterpriseId ?? app.enterpriseId;
    const orgWide = input.isEnterpriseInstall === true;
    if (orgWide && !enterpriseId) throw new Error('an org-wide install needs an enterprise id');
    const body = {
      token: 'sandbox',
      team_id: input.teamId,
      ...(enterpriseId ? { enterprise_id: enterpriseId } : {}),
      context_team_id: input.teamId,
      context_enterprise_id: enterpriseId ?? null,
      api_app_id: app.appId,
      event: { event_ts: (this.now() / 1000).toFixed(6), ...input.event },
      type: 'event_callback',
      event_id: eventId,
      event_time: Math.floor(this.now() / 1000),
      authorizations: [{ enterprise_id: enterpriseId ?? null, team_id: orgWide ? null : input.teamId, user_id: app.botUserId, is_bot: true, is_enterprise_install: orgWide }],
      is_ext_shared_channel: input.isExtSharedChannel ?? false,
    };
    const headers: Record<string, string> = input.retryNum ? { 'x-slack-retry-num': String(input.retryNum), 'x-slack-retry-reason': 'http_timeout' } : {};
    const retry = input.retryNum ? { attempt: input.retryNum, reason: 'timeout' } : undefined;
    return { response: await this.deliver(app.appId, 'events_api', body, () => this.post(JSON.stringify(body), 'application/json', headers), retry), eventId };
  }
}
