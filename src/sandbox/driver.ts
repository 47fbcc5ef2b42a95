import { createHmac, randomUUID } from 'node:crypto';

/**
 * Sends requests to Hearth's /slack/events exactly as Slack does: signed with the signing secret (v0 scheme),
 * slash commands and interactions form-encoded, Events API callbacks as JSON with an event_id and, for a
 * redelivery, X-Slack-Retry-Num.
 */
export class SlackDriver {
  constructor(
    private readonly endpoint: string,
    private readonly signingSecret: string,
    private readonly now: () => number = Date.now,
  ) {}

  sign(body: string, timestamp = Math.floor(this.now() / 1000)): Record<string, string> {
    const signature = 'v0=' + createHmac('sha256', this.signingSecret).update(`v0:${timestamp}:${body}`).digest('hex');
    return { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature };
  }

  async post(body: string, contentType: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(this.endpoint, { method: 'POST', headers: { 'content-type': contentType, ...this.sign(body), ...headers }, body });
  }

  /** A slash command, as Slack sends it. Its JSON answer is what the member sees. */
  async command(input: { teamId: string; userId: string; channelId: string; command?: string; text: string; responseUrl: string; triggerId: string; teamDomain?: string; enterpriseId?: string }): Promise<Response> {
    const form = new URLSearchParams({
      token: 'sandbox',
      team_id: input.teamId,
      team_domain: input.teamDomain ?? 'sandbox',
      channel_id: input.channelId,
      channel_name: input.channelId,
      user_id: input.userId,
      user_name: input.userId,
      command: input.command ?? '/hearth',
      text: input.text,
      api_app_id: 'A0HEARTH',
      is_enterprise_install: 'false',
      response_url: input.responseUrl,
      trigger_id: input.triggerId,
      ...(input.enterpriseId ? { enterprise_id: input.enterpriseId } : {}),
    }).toString();
    return this.post(form, 'application/x-www-form-urlencoded');
  }

  /** block_actions, view_submission, view_closed …: `payload=<json>` form-encoded. */
  async interaction(payload: Record<string, unknown>): Promise<Response> {
    const form = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    return this.post(form, 'application/x-www-form-urlencoded');
  }

  /** An Events API callback. Pass the same eventId with retryNum to simulate Slack's redelivery. */
  async event(input: { teamId: string; event: Record<string, unknown>; eventId?: string; retryNum?: number; enterpriseId?: string; isEnterpriseInstall?: boolean }): Promise<{ response: Response; eventId: string }> {
    const eventId = input.eventId ?? `Ev${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
    const body = JSON.stringify({
      token: 'sandbox',
      team_id: input.teamId,
      enterprise_id: input.enterpriseId,
      is_enterprise_install: input.isEnterpriseInstall ?? false,
      api_app_id: 'A0HEARTH',
      type: 'event_callback',
      event_id: eventId,
      event_time: Math.floor(this.now() / 1000),
      authorizations: [{ team_id: input.teamId, enterprise_id: input.enterpriseId ?? null, user_id: 'U0HEARTHBOT', is_bot: true, is_enterprise_install: false }],
      event: { event_ts: (this.now() / 1000).toFixed(6), ...input.event },
    });
    const headers: Record<string, string> = input.retryNum ? { 'x-slack-retry-num': String(input.retryNum), 'x-slack-retry-reason': 'http_timeout' } : {};
    return { response: await this.post(body, 'application/json', headers), eventId };
  }
}
