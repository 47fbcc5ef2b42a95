import type { Db, Trx } from '../db/index.js';

export interface RoundCounts {
  groups_created: number;
  met: number;
  not_met: number;
  skipped: boolean;
}

export type CountsChange = Partial<Pick<RoundCounts, 'groups_created' | 'met' | 'not_met'>> & { skipped?: true };

/** The per-round counters the `intros.counters` subscriber keeps (migrations/0007_intros_counters.ts). */
export class CountersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds to a round's counters in the subscriber's transaction. The row is made from the round itself, so an
   * event of a round deleted since (its program removed) changes nothing instead of failing the stream.
   */
  async add(trx: Trx, workspaceId: number, roundId: number, change: CountsChange, at: Date): Promise<void> {
    const values = { groups_created: change.groups_created ?? 0, met: change.met ?? 0, not_met: change.not_met ?? 0, skipped: change.skipped ?? false };
    await trx
      .insertInto('intros_counters')
      .columns(['round_id', 'workspace_id', 'program_id', 'groups_created', 'met', 'not_met', 'skipped', 'updated_at'])
      .expression((eb) =>
        eb
          .selectFrom('intros_rounds')
          .select((s) => [
            'id',
            'workspace_id',
            'program_id',
            s.val(values.groups_created).as('groups_created'),
            s.val(values.met).as('met'),
            s.val(values.not_met).as('not_met'),
            s.val(values.skipped).as('skipped'),
            s.val(at).as('updated_at'),
          ])
          .where('id', '=', roundId)
          .where('workspace_id', '=', workspaceId),
      )
      .onConflict((oc) =>
        oc.column('round_id').doUpdateSet((eb) => ({
          groups_created: eb('intros_counters.groups_created', '+', values.groups_created),
          met: eb('intros_counters.met', '+', values.met),
          not_met: eb('intros_counters.not_met', '+', values.not_met),
          skipped: values.skipped || eb.ref('intros_counters.skipped'),
          updated_at: at,
        })),
      )
      .execute();
  }

  /** The counters of these rounds, by round id (a round no event has touched has none). */
  async ofRounds(workspaceId: number, roundIds: number[]): Promise<Map<number, RoundCounts>> {
    if (!roundIds.length) return new Map();
    const rows = await this.db
      .selectFrom('intros_counters')
      .select(['round_id', 'groups_created', 'met', 'not_met', 'skipped'])
      .where('workspace_id', '=', workspaceId)
      .where('round_id', 'in', roundIds)
      .execute();
    return new Map(rows.map(({ round_id, ...counts }) => [round_id, counts]));
  }
}
