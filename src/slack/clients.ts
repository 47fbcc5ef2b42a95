import { ErrorCode, LogLevel, WebClient, type WebAPICallResult, type WebClientOptions } from '@slack/web-api';
import type { Config } from '../config.js';
import type { WorkspaceRepository } from '../workspaces/repository.js';
import type { PgInstallationStore, TokenRefresher } from './installation-store.js';

export class NotInstalledError extends Error {
  constructor(readonly workspaceId: number) {
    super(`workspace ${workspaceId} has no active installation`);
    this.name = 'NotInstalledError';
  }
}

/** Told of every Web API call the app's clients make (the metrics count calls and 429s by method). */
export interface SlackCallObserver {
  called(method: string): void;
  rateLimited(method: string): void;
}

/**
 * Every method of a WebClient (`client.chat.postMessage`, pagination's pages…) goes through `apiCall`, so
 * overriding it sees each HTTP call under its Web API method name.
 */
class ObservedWebClient extends WebClient {
  constructor(
    token: string | undefined,
    options: WebClientOptions,
    private readonly observer: SlackCallObserver,
  ) {
    super(token, options);
  }

  override async apiCall(method: string, options?: Record<string, unknown>): Promise<WebAPICallResult> {
    this.observer.called(method);
    try {
      return await super.apiCall(method, options);
    } catch (err) {
      if ((err as { code?: string }).code === ErrorCode.RateLimitedError) this.observer.rateLimited(method);
      throw err;
    }
  }
}

/**
 * One way to get a WebClient for a workspace: its bot token (refreshed when rotating), Slack's API or the
 * sandbox's (SLACK_API_URL), SDK retries off, rate-limited calls rejected (the outbox paces and retries), a
 * request timeout so a hung call becomes an "unknown outcome" rather than a stuck worker, and every call told
 * to the observer.
 */
export class SlackClients {
  constructor(
    private readonly config: Pick<Config, 'slack' | 'slackApiUrl'>,
    private readonly workspaces: WorkspaceRepository,
    private readonly installations: PgInstallationStore,
    private readonly observer: SlackCallObserver,
    private readonly timeoutMs = 10_000,
  ) {}

  /** A client for calls that need no workspace token (oauth.v2.access, openid.connect.token). */
  anonymous(): WebClient {
    return this.make(undefined);
  }

  make(token: string | undefined): WebClient {
    return new ObservedWebClient(
      token,
      { slackApiUrl: this.config.slackApiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true, timeout: this.timeoutMs, logLevel: LogLevel.ERROR },
      this.observer,
    );
  }

  async token(workspaceId: number): Promise<string> {
    if (this.config.slack.kind === 'single') return this.config.slack.botToken;
    const ws = await this.workspaces.byId(workspaceId);
    if (!ws) throw new NotInstalledError(workspaceId);
    const token = await this.installations.botToken(ws.team_id, ws.enterprise_id, this.refresher());
    if (!token) throw new NotInstalledError(workspaceId);
    return token;
  }

  async forWorkspace(workspaceId: number): Promise<WebClient> {
    return this.make(await this.token(workspaceId));
  }

  private refresher(): TokenRefresher | undefined {
    const slack = this.config.slack;
    if (slack.kind !== 'oauth') return undefined;
    return {
      refresh: async (refreshToken) => {
        const res = await this.anonymous().oauth.v2.access({
          client_id: slack.clientId,
          client_secret: slack.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        });
        if (!res.access_token || !res.refresh_token || !res.expires_in) throw new Error('token refresh returned no token');
        return { token: res.access_token, refreshToken: res.refresh_token, expiresInSeconds: res.expires_in };
      },
    };
  }
}
