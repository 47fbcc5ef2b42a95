import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';

const id = z.number().int().positive();
/** How the person came to be enrolled. */
export const enrollmentSource = z.enum(['manual', 'csv', 'rule', 'hr_mapping', 'channel', 'workspace_join', 'self', 'survey']);
export type EnrollmentSourceKind = z.infer<typeof enrollmentSource>;

/** Someone was enrolled in a journey: their session was created in the same transaction. */
export const enrolled = defineEvent(
  'enrollment.enrolled',
  z.object({ enrollmentId: id, tagId: id, sessionId: id, memberId: id, source: enrollmentSource, batchId: id.nullable() }),
);

/** An enrollment could not be made: nobody was enrolled (a batch: none of its rows), and why. */
export const enrollmentFailed = defineEvent(
  'enrollment.failed',
  z.object({ tagId: id.nullable(), memberId: id.nullable(), email: z.string().nullable(), source: enrollmentSource, batchId: id.nullable(), reason: z.string().min(1) }),
);
