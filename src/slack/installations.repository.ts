import { sql } from 'kysely';
import type { Db, Trx } from '../db/index.js';

/** An installation's row: Bolt's Installation sealed in data_enc, and the fields Hearth reads without it. */
export interface InstallationRow {
  install_key: string;
  enterprise_id: string | null;
  team_id: string | null;
  is_enterprise_install: boolean;
  app_id: string | null;
  bot_user_id: string | null;
  bot_id: string | null;
  bot_scopes: string[];
  bot_token_expires_at: Date | null;
  installer_user_id: string | null;
  data_enc: string;
}

/** The installations' SQL (keyed by install key, `T:<team>` or `E:<enterprise>`), and the tenants they create. */
export class InstallationRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records an installation and, for a workspace install, its workspace (unpaused) and the workspace's Hearth
   * account, in one transaction.
   */
  async save(row: InstallationRow, team: { id: string; enterpriseId: string | null; name: string } | null, now: Date): Promise<void> {
    const values = { ...row, revoked_at: null, updated_at: now };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('installations')
        .values({ ...values, created_at: now })
        .onConflict((oc) => oc.column('install_key').doUpdateSet(values))
        .execute();
      if (!team) return;
      const ws = await trx
        .insertInto('workspaces')
        .values({ team_id: team.id, enterprise_id: team.enterpriseId, name: team.name, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('team_id').doUpdateSet({ name: team.name, paused_at: null, updated_at: now }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('accounts').values({ workspace_id: ws.id, owner_member_id: null, trial_ends_at: null, created_at: now, updated_at: now }).onConflict((oc) => oc.column('workspace_id').doNothing()).execute();
    });
  }

  /** Deletes the tokens of these installations, keeping their rows. */
  async revoke(keys: string[], now: Date): Promise<void> {
    if (!keys.length) return;
    await this.db.updateTable('installations').set({ data_enc: null, revoked_at: now, updated_at: now }).where('install_key', 'in', keys).execute();
  }

  /** The sealed installation under this key, when its tokens are not revoked. */
  async sealed(key: string, trx?: Trx): Promise<string | undefined> {
    const row = await (trx ?? this.db).selectFrom('installations').select('data_enc').where('install_key', '=', key).where('data_enc', 'is not', null).executeTakeFirst();
    return row?.data_enc ?? undefined;
  }

  async saveSealed(trx: Trx, key: string, dataEnc: string, tokenExpiresAt: Date, now: Date): Promise<void> {
    await trx.updateTable('installations').set({ data_enc: dataEnc, bot_token_expires_at: tokenExpiresAt, updated_at: now }).where('install_key', '=', key).execute();
  }

  /** Runs `fn` in a transaction holding the installation's advisory lock: one token refresh at a time, across processes. */
  withLock<T>(key: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${'install:' + key}))`.execute(trx);
      return fn(trx);
    });
  }
}
