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
 * Slack's window for a method, for calls made outside the outbox (the directory and roster reads): a call waits
 * for its place, and a 429 holds the method for every caller until its Retry-After. The outbox paces its own
 * calls, in the same windows.
 */
export interface CallPacer {
  /** Resolves when the call may go; the function it gives records when the call was answered. */
  turn(workspaceId: number, method: string): Promise<() => Promise<void>>;
  /** Slack answered 429: nothing for this workspace's method until `retryAfterMs` from now. */
  limited(workspaceId: number, method: string, retryAfterMs: number): Promise<void>;
}

/** A read answered 429 is tried again after its Retry-After, up to this many calls in all. */
const PACED_ATTEMPTS = 3;

/**
 * Every method of a WebClient (`client.chat.postMessage`, pagination's pages…) goes through `apiCall`, so
 * overriding it sees each HTTP call under its Web API method name, and paces it when the client is paced.
 */
class ObservedWebClient extends WebClient {
  constructor(
    token: string | undefined,
    options: WebClientOptions,
    private readonly observer: SlackCallObserver,
    private readonly paced?: { pacer: CallPacer; workspaceId: number },
  ) {
    super(token, options);
  }

  override async apiCall(method: string, options?: Record<string, unknown>): Promise<WebAPICallResult> {
    for (let attempt = 1; ; attempt++) {
      const answered = await this.paced?.pacer.turn(this.paced.workspaceId, method);
      this.observer.called(method);
      try {
        return await super.apiCall(method, options);
      } catch (err) {
        if ((err as { code?: string }).code !== ErrorCode.RateLimitedError) throw err;
        this.observer.rateLimited(method);
        if (!this.paced || attempt >= PACED_ATTEMPTS) throw err;
        await this.paced.pacer.limited(this.paced.workspaceId, method, (err as { retryAfter?: number }).retryAfter! * 1000 || 1000);
      } finally {
        await answered?.();
      }
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
    private readonly pacer?: CallPacer,
    private readonly timeoutMs = 10_000,
  ) {}

  /** A client for calls that need no workspace token (oauth.v2.access, openid.connect.token). */
  anonymous(): WebClient {
    return this.make(undefined);
  }

  make(token: string | undefined, paced?: { pacer: CallPacer; workspaceId: number }): WebClient {
    return new ObservedWebClient(
      token,
      { slackApiUrl: this.config.slackApiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true, timeout: this.timeoutMs, logLevel: LogLevel.ERROR },
      this.observer,
      paced,
    );
  }

  async token(workspaceId: number): Promise<string> {
    if (this.config.slack.kind === 'single' || this.config.slack.kind === 'socket') return this.config.slack.botToken;
    const ws = await this.workspaces.byId(workspaceId);
    if (!ws) throw new NotInstalledError(workspaceId);
    const token = await this.installations.botToken(ws.team_id, ws.enterprise_id, this.refresher());
    if (!token) throw new NotInstalledError(workspaceId);
    return token;
  }

  /**
   * The workspace's client. Its calls wait for their place in Slack's window for the method (and retry a 429
   * after its Retry-After), unless `unpaced`: the outbox, which takes its places itself and defers instead.
   */
  async forWorkspace(workspaceId: number, opts: { unpaced?: boolean } = {}): Promise<WebClient> {
    const token = await this.token(workspaceId);
    return this.make(token, this.pacer && !opts.unpaced ? { pacer: this.pacer, workspaceId } : undefined);
  }

  /**
   * Slack answered `token_expired` for `expiredToken`: refreshes it (once, under the installation's lock; a
   * caller that finds it already refreshed takes the new one). Throws NotInstalledError when the tokens are gone.
   */
  async refreshExpired(workspaceId: number, expiredToken: string): Promise<void> {
    if (this.config.slack.kind === 'single' || this.config.slack.kind === 'socket') return;
    const ws = await this.workspaces.byId(workspaceId);
    if (!ws) throw new NotInstalledError(workspaceId);
    const token = await this.installations.botToken(ws.team_id, ws.enterprise_id, this.refresher(), { expired: expiredToken });
    if (!token) throw new NotInstalledError(workspaceId);
  }

  private refresher(): TokenRefresher | undefined {
    return slackTokenRefresher(this.config.slack, () => this.anonymous());
  }
}

/** Refreshes a rotating bot token with oauth.v2.access (OAuth installs only). */
export function slackTokenRefresher(slack: Config['slack'], anonymous: () => WebClient): TokenRefresher | undefined {
  if (slack.kind !== 'oauth') return undefined;
  return {
    refresh: async (refreshToken) => {
      const res = await anonymous().oauth.v2.access({
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
