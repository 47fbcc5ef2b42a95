import { LogLevel, WebClient } from '@slack/web-api';
import type { Config } from '../config.js';
import type { WorkspaceRepository } from '../workspaces/repository.js';
import type { PgInstallationStore, TokenRefresher } from './installation-store.js';

export class NotInstalledError extends Error {
  constructor(readonly workspaceId: number) {
    super(`workspace ${workspaceId} has no active installation`);
    this.name = 'NotInstalledError';
  }
}

/**
 * One way to get a WebClient for a workspace: its bot token (refreshed when rotating), Slack's API or the
 * sandbox's (SLACK_API_URL), SDK retries off, rate-limited calls rejected (the outbox paces and retries), and
 * a request timeout so a hung call becomes an "unknown outcome" rather than a stuck worker.
 */
export class SlackClients {
  constructor(
    private readonly config: Pick<Config, 'slack' | 'slackApiUrl'>,
    private readonly workspaces: WorkspaceRepository,
    private readonly installations: PgInstallationStore,
    private readonly timeoutMs = 10_000,
  ) {}

  /** A client for calls that need no workspace token (oauth.v2.access, openid.connect.token). */
  anonymous(): WebClient {
    return this.make(undefined);
  }

  make(token: string | undefined): WebClient {
    return new WebClient(token, {
      slackApiUrl: this.config.slackApiUrl,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      timeout: this.timeoutMs,
      logLevel: LogLevel.ERROR,
    });
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
