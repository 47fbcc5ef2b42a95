import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import { decrypt, encrypt } from '../crypto.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../time/clock.js';
import { InstallationRepository } from './installations.repository.js';

/** Org-wide installs are keyed by enterprise id, workspace installs by team id. */
export function installKey(q: { isEnterpriseInstall?: boolean; enterpriseId?: string; teamId?: string }): string {
  if (q.isEnterpriseInstall) {
    if (!q.enterpriseId) throw new Error('an org-wide install needs an enterprise id');
    return `E:${q.enterpriseId}`;
  }
  if (!q.teamId) throw new Error('a workspace install needs a team id');
  return `T:${q.teamId}`;
}

export interface TokenRefresher {
  /** oauth.v2.access with grant_type=refresh_token; returns the new bot token, refresh token and lifetime. */
  refresh(refreshToken: string): Promise<{ token: string; refreshToken: string; expiresInSeconds: number }>;
}

/**
 * Bolt's InstallationStore on Postgres, tokens sealed with ENCRYPTION_KEY. Also the one place that turns a
 * workspace into a bot token, refreshing rotated tokens under a per-installation advisory lock.
 */
export class PgInstallationStore implements InstallationStore {
  private readonly repo: InstallationRepository;

  constructor(
    db: Db,
    private readonly key: Buffer,
    private readonly clock: Clock,
    /** How a rotating token is refreshed (OAuth installs); Bolt's authorize reaches it through fetchInstallation. */
    private readonly refresher?: TokenRefresher,
  ) {
    this.repo = new InstallationRepository(db);
  }

  async storeInstallation(installation: Installation): Promise<void> {
    const key = installKey({
      isEnterpriseInstall: installation.isEnterpriseInstall,
      enterpriseId: installation.enterprise?.id,
      teamId: installation.team?.id,
    });
    const expiresAt = installation.bot?.expiresAt ? new Date(installation.bot.expiresAt * 1000) : null;
    const row = {
      install_key: key,
      enterprise_id: installation.enterprise?.id ?? null,
      team_id: installation.team?.id ?? null,
      is_enterprise_install: installation.isEnterpriseInstall ?? false,
      app_id: installation.appId ?? null,
      bot_user_id: installation.bot?.userId ?? null,
      bot_id: installation.bot?.id ?? null,
      bot_scopes: installation.bot?.scopes ?? [],
      bot_token_expires_at: expiresAt,
      installer_user_id: installation.user.id,
      data_enc: encrypt(this.key, JSON.stringify(installation)),
    };
    const team = installation.team?.id ? { id: installation.team.id, enterpriseId: installation.enterprise?.id ?? null, name: installation.team.name ?? '' } : null;
    await this.repo.save(row, team, this.clock.now());
  }

  /**
   * Bolt's authorize reads the installation here and refreshes a token itself when it expires within two hours,
   * outside any lock (concurrent events each refresh, and all but one get invalid_refresh_token). So a token
   * within Bolt's window is refreshed here first, through the same locked refresh as every other caller: Bolt
   * then sees a fresh token and leaves it alone.
   */
  async fetchInstallation(query: InstallationQuery<boolean>): Promise<Installation> {
    let found = await this.find(query);
    if (found?.bot && this.dueForRefresh(found.bot, BOLT_REFRESH_WINDOW_MS)) {
      await this.freshBotToken(found, BOLT_REFRESH_WINDOW_MS, this.refresher);
      found = await this.find(query);
    }
    if (!found) throw new Error(`no installation for ${query.teamId ?? query.enterpriseId}`);
    return found;
  }

  async deleteInstallation(query: InstallationQuery<boolean>): Promise<void> {
    await this.revoke({ teamId: query.teamId, enterpriseId: query.enterpriseId, isEnterpriseInstall: query.isEnterpriseInstall });
  }

  /** Tokens are deleted; the installation row and all program data stay (app_uninstalled, tokens_revoked). */
  async revoke(q: { teamId?: string; enterpriseId?: string; isEnterpriseInstall?: boolean }): Promise<void> {
    const keys = [q.teamId ? `T:${q.teamId}` : null, q.isEnterpriseInstall && q.enterpriseId ? `E:${q.enterpriseId}` : null];
    await this.repo.revoke(
      keys.filter((k): k is string => k !== null),
      this.clock.now(),
    );
  }

  async find(query: { teamId?: string; enterpriseId?: string; isEnterpriseInstall?: boolean }): Promise<Installation | undefined> {
    const keys: string[] = [];
    if (!query.isEnterpriseInstall && query.teamId) keys.push(`T:${query.teamId}`);
    if (query.enterpriseId) keys.push(`E:${query.enterpriseId}`);
    for (const key of keys) {
      const sealed = await this.repo.sealed(key);
      if (sealed) return JSON.parse(decrypt(this.key, sealed)) as Installation;
    }
    return undefined;
  }

  /**
   * The bot token for a team, refreshed first when it rotates and expires within five minutes, or when Slack
   * answered `token_expired` for it (`expired`: that token). The refresh happens under a Postgres advisory lock
   * per installation and re-reads after the lock, so concurrent processes refresh once and all see the new token.
   */
  async botToken(teamId: string, enterpriseId: string | null, refresher = this.refresher, opts: { expired?: string } = {}): Promise<string | undefined> {
    const installation = await this.find({ teamId, enterpriseId: enterpriseId ?? undefined });
    const bot = installation?.bot;
    if (!installation || !bot) return undefined;
    if (!(opts.expired !== undefined && bot.token === opts.expired) && !this.dueForRefresh(bot, REFRESH_WINDOW_MS)) return bot.token;
    return this.freshBotToken(installation, REFRESH_WINDOW_MS, refresher, opts.expired);
  }

  private dueForRefresh(bot: NonNullable<Installation['bot']>, windowMs: number): boolean {
    return !!bot.expiresAt && !!bot.refreshToken && bot.expiresAt * 1000 <= this.clock.now().getTime() + windowMs;
  }

  /** Refreshes under the installation's lock, unless whoever held it before already did. */
  private async freshBotToken(installation: Installation, windowMs: number, refresher: TokenRefresher | undefined, expired?: string): Promise<string | undefined> {
    if (!refresher) return installation.bot?.token;
    const key = installKey({ isEnterpriseInstall: installation.isEnterpriseInstall, enterpriseId: installation.enterprise?.id, teamId: installation.team?.id });
    return this.repo.withLock(key, async (trx) => {
      const sealed = await this.repo.sealed(key, trx);
      if (!sealed) return undefined;
      const current = JSON.parse(decrypt(this.key, sealed)) as Installation;
      if (!current.bot?.refreshToken) return current.bot?.token;
      const stillExpired = expired !== undefined && current.bot.token === expired;
      if (!stillExpired && !this.dueForRefresh(current.bot, windowMs)) return current.bot.token;
      const fresh = await refresher.refresh(current.bot.refreshToken);
      const expiresAt = Math.floor(this.clock.now().getTime() / 1000) + fresh.expiresInSeconds;
      const updated: Installation = { ...current, bot: { ...current.bot, token: fresh.token, refreshToken: fresh.refreshToken, expiresAt } };
      await this.repo.saveSealed(trx, key, encrypt(this.key, JSON.stringify(updated)), new Date(expiresAt * 1000), this.clock.now());
      return fresh.token;
    });
  }
}

/** Hearth's own callers refresh a rotating token this close to its expiry. */
const REFRESH_WINDOW_MS = 5 * 60_000;
/** Bolt's installer refreshes a token that expires within two hours (@slack/oauth's authorize). */
const BOLT_REFRESH_WINDOW_MS = 2 * 60 * 60_000;
