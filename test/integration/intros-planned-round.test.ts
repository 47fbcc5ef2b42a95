import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { type SandboxHearth, setPlan, startSandboxHearth } from '../support/sandbox-hearth.js';
import { db, groupsOf, signedIn, type ApiClient } from './intros-support.js';

/** Groups as sorted member lists, sorted, to compare two groupings. */
const canonical = (groups: ReadonlyArray<readonly string[]>) => groups.map((g) => [...g].sort().join(',')).sort();

describe(`Intros: the preview is the round that is sent (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let admin: ApiClient;
  let programId: number;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signedIn(t, ACME.teamId, ACME.adminUserId);
    await setPlan(t, ACME.teamId, 'premium');
    programId = (await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
  });
  afterAll(() => t?.close());

  it('previews rounds 1 to 3 exactly as they are then sent, each planned ahead from the rounds before it', async () => {
    for (let round = 1; round <= 3; round++) {
      const preview = await admin.call<{ round_number: number; groups: Array<{ members: Array<{ slack_user_id: string }>; reason: string }> }>(
        'GET',
        `/coffee/${programId}/preview_next_round`,
      );
      expect(preview.round_number).toBe(round);
      // A small pool is planned rounds ahead: nobody meets anyone twice in the first rounds.
      expect(preview.groups.every((g) => /^First time meeting/.test(g.reason))).toBe(true);

      const config = await db(t).selectFrom('intros_configs').select('next_run_at').where('program_id', '=', programId).executeTakeFirstOrThrow();
      t.clock.set(config.next_run_at!);
      await t.services.scheduler.tick(config.next_run_at!);
      await t.services.queue.idle();
      const sent = await db(t).selectFrom('intros_rounds').selectAll().where('program_id', '=', programId).where('number', '=', round).executeTakeFirstOrThrow();
      expect(sent.state).toBe('sent');
      const groups = await groupsOf(t, sent.id);
      expect(canonical(groups.map((g) => g.members))).toEqual(canonical(preview.groups.map((g) => g.members.map((m) => m.slack_user_id))));
    }
  });
});
