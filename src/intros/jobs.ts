import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** Make one round: roster, pairing, meetings and intro DMs in one transaction. */
export const introsRound = defineJob('intros.round', z.object({ roundId: z.number().int().positive() }));
/** A round's check-in ("Did you meet?"), last reminder, or close (unanswered intros → ghosts). */
export const introsFollowup = defineJob('intros.followup', z.object({ roundId: z.number().int().positive(), stage: z.enum(['checkin', 'reminder', 'close']) }));
