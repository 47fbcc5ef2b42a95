import type { Subscriber } from '../platform/events/define.js';
import type { CountersRepository, CountsChange } from './counters.repository.js';
import { introAnswerWithdrawn, introGroupCreated, introMet, introNotMet, introSkipped, type Outcome } from './events.js';

const one = (outcome: Outcome, n: number): CountsChange => (outcome === 'met' ? { met: n } : { not_met: n });

/**
 * The counters the Intros page and the pairing report show, per round, kept from the domain events. The
 * platform hands each event over once, in this transaction with the cursor, so nothing counts twice; a new
 * deployment backfills from the retained events.
 */
export function introsCounters(repo: CountersRepository): Subscriber {
  return {
    name: 'intros.counters',
    events: [introGroupCreated, introMet, introNotMet, introAnswerWithdrawn, introSkipped],
    async handle(e, trx) {
      const add = (roundId: number, change: CountsChange) => repo.add(trx, e.workspaceId, roundId, change, e.occurredAt);
      if (introGroupCreated.is(e)) return add(introGroupCreated.parse(e.payload).roundId, { groups_created: 1 });
      if (introSkipped.is(e)) return add(introSkipped.parse(e.payload).roundId, { skipped: true });
      if (introAnswerWithdrawn.is(e)) {
        const p = introAnswerWithdrawn.parse(e.payload);
        return add(p.roundId, one(p.outcome, -1));
      }
      const type = introMet.is(e) ? introMet : introNotMet;
      const p = type.parse(e.payload);
      return add(p.roundId, { ...one(type === introMet ? 'met' : 'not_met', 1), ...(p.replaces ? one(p.replaces, -1) : {}) });
    },
  };
}
