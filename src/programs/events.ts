import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';
import { PROGRAM_TYPES } from './api-types.js';

const programId = z.number().int().positive();
const type = z.enum(PROGRAM_TYPES);

/** A channel program was created (in the creating transaction). */
export const programCreated = defineEvent('program.created', z.object({ programId, type, channelId: z.string().min(1), creatorMemberId: z.number().int().positive() }));

/** An active program was paused. */
export const programPaused = defineEvent('program.paused', z.object({ programId, type }));

/** A paused program was resumed. */
export const programResumed = defineEvent('program.resumed', z.object({ programId, type }));

/** Someone joined the channel of a program: one event per program on that channel. */
export const memberJoinedProgram = defineEvent('member.joined_program', z.object({ programId, type, slackUserId: z.string().min(1) }));

/** Someone left the channel of a program: one event per program on that channel. */
export const memberLeftProgram = defineEvent('member.left_program', z.object({ programId, type, slackUserId: z.string().min(1) }));
