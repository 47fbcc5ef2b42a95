import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import { sql } from 'kysely';
import { decrypt, encrypt } from '../crypto.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../time/clock.js';

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
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
    private readonly clock: Clock,
  ) {}

  async storeInstallation(installation: Installation): Promise<void> {
    const key = installKey({
      isEnterpriseInstall: installation.isEnterpriseInstall,
      enterpriseId: installation.enterprise?.id,
      teamId: installation.team?.id,
    });
    const now = this.clock.now();
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
      revoked_at: null,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('installations')
        .values({ ...row, created_at: now })
        .onConflict((oc) => oc.column('install_key').doUpdateSet(row))
        .execute();
      if (installation.team?.id) {
        await trx
          .insertInto('workspaces')
          .values({
            team_id: installation.team.id,
            enterprise_id: installation.enterprise?.id ?? null,
            name: installation.team.name ?? '',
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc.column('team_id').doUpdateSet({ name: installation.team?.name ?? '', paused_at: null, updated_at: now }),
          )
          .execute();
        // Every workspace has one Hearth account; its owner is the installer once the directory knows them.
        const ws = await trx.selectFrom('workspaces').select('id').where('team_id', '=', installation.team.id).executeTakeFirstOrThrow();
        await trx.insertInto('accounts').values({ workspace_id: ws.id, owner_member_id: null, trial_ends_at: null, created_at: now, updated_at: now }).onConflict((oc) => oc.column('workspace_id').doNothing()).execute();
      }
    });
  }

  async fetchInstallation(query: InstallationQuery<boolean>): Promise<Installation> {
    const found = await this.find(query);
    if (!found) throw new Error(`no installation for ${query.teamId ?? query.enterpriseId}`);
    return found;
  }

  async deleteInstallation(query: InstallationQuery<boolean>): Promise<void> {
    await this.revoke({ teamId: query.teamId, enterpriseId: query.enterpriseId, isEnterpriseInstall: query.isEnterpriseInstall });
  }

  /** Tokens are deleted; the installation row and all program data stay (app_uninstalled, tokens_revoked). */
  async revoke(q: { teamId?: string; enterpriseId?: string; isEnterpriseInstall?: boolean }): Promise<void> {
    const keys = [q.teamId ? `T:${q.teamId}` : null, q.isEnterpriseInstall && q.enterpriseId ? `E:${q.enterpriseId}` : null];
    await this.db
      .updateTable('installations')
      .set({ data_enc: null, revoked_at: this.clock.now(), updated_at: this.clock.now() })
      .where('install_key', 'in', keys.filter((k): k is string => k !== null))
      .execute();
  }

  async find(query: { teamId?: string; enterpriseId?: string; isEnterpriseInstall?: boolean }): Promise<Installation | undefined> {
    const keys: string[] = [];
    if (!query.isEnterpriseInstall && query.teamId) keys.push(`T:${query.teamId}`);
    if (query.enterpriseId) keys.push(`E:${query.enterpriseId}`);
    for (const key of keys) {
      const row = await this.db
        .selectFrom('installations')
        .select(['data_enc'])
        .where('install_key', '=', key)
        .where('data_enc', 'is not', null)
        .executeTakeFirst();
      if (row?.data_enc) return JSON.parse(decrypt(this.key, row.data_enc)) as Installation;
    }
    return undefined;
  }

  /**
   * The bot token for a team, refreshed first when it rotates and expires within five minutes. The refresh
   * happens under a Postgres advisory lock per installation and re-reads after the lock, so concurrent
   * processes refresh once and all see the new token.
   */
  async botToken(teamId: string, enterpriseId: string | null, refresher?: TokenRefresher): Promise<string | undefined> {
    const installation = await this.find({ teamId, enterpriseId: enterpriseId ?? undefined });
    const bot = installation?.bot;
    if (!installation || !bot) return undefined;
    const soon = this.clock.now().getTime() + 5 * 60_000;
    if (!bot.expiresAt || !bot.refreshToken || bot.expiresAt * 1000 > soon || !refresher) return bot.token;

    const key = installKey({ isEnterpriseInstall: installation.isEnterpriseInstall, enterpriseId: installation.enterprise?.id, teamId: installation.team?.id });
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${'install:' + key}))`.execute(trx);
      const row = await trx.selectFrom('installations').select('data_enc').where('install_key', '=', key).executeTakeFirst();
      if (!row?.data_enc) return undefined;
      const current = JSON.parse(decrypt(this.key, row.data_enc)) as Installation;
      if (!current.bot?.refreshToken || (current.bot.expiresAt ?? 0) * 1000 > soon) return current.bot?.token;
      const fresh = await refresher.refresh(current.bot.refreshToken);
      const expiresAt = Math.floor(this.clock.now().getTime() / 1000) + fresh.expiresInSeconds;
      const updated: Installation = { ...current, bot: { ...current.bot, token: fresh.token, refreshToken: fresh.refreshToken, expiresAt } };
      await trx
        .updateTable('installations')
        .set({ data_enc: encrypt(this.key, JSON.stringify(updated)), bot_token_expires_at: new Date(expiresAt * 1000), updated_at: this.clock.now() })
        .where('install_key', '=', key)
        .execute();
      return fresh.token;
    });
  }
}
