import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';
import type { MeetingState } from './tables.js';

const id = z.number().int().positive();
const outcome = z.enum(['met', 'not_met']);
export type Outcome = z.infer<typeof outcome>;

/** One group made in a round (one per meeting), in the round's transaction. */
export const introGroupCreated = defineEvent('intro.group_created', z.object({ programId: id, roundId: id, meetingId: id, memberIds: z.array(id).min(1) }));

/**
 * An answer recorded an outcome: "We met" (`intro.met`) or "We skipped it" (`intro.not_met`; "Not yet" is no
 * outcome). `memberId` answered: a member of the group from Slack, or an editor on the page. `replaces` is
 * the outcome an editor's answer overturned, so counts move instead of adding up twice.
 */
const answer = z.object({ programId: id, roundId: id, meetingId: id, memberId: id, replaces: outcome.nullable() });
export const introMet = defineEvent('intro.met', answer);
export const introNotMet = defineEvent('intro.not_met', answer);

/** An editor set an answered intro back to waiting, not yet or cancelled: its outcome no longer counts. */
export const introAnswerWithdrawn = defineEvent('intro.answer_withdrawn', z.object({ programId: id, roundId: id, meetingId: id, memberId: id, outcome }));

/**
 * A round that went out to nobody (RoundState 'skipped'): the program was paused when it was due, or nobody
 * could be grouped. `reason` is the round's problem code (paused, pool_too_small, …). A group that skipped its
 * meeting (MeetingState 'skipped') is `intro.not_met`, not this.
 */
export const introSkipped = defineEvent('intro.skipped', z.object({ programId: id, roundId: id, reason: z.string().min(1) }));

/** The outcome a meeting state records: met, not met, or none (waiting, not yet, cancelled). */
export const outcomeOf = (state: MeetingState): Outcome | null => (state === 'met' ? 'met' : state === 'skipped' ? 'not_met' : null);
