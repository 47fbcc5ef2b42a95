import { z } from 'zod';
import { defineEvent } from './define.js';

/**
 * A new hire became known to Hearth: an HR system (HRIS) or an applicant-tracking system (ATS) reported a
 * person who starts soon. A platform event, so the capability that learns of new hires (Integrations) and the
 * one that acts on them (Enrollment, whose rules evaluate `attributes`) import neither each other.
 */
export const newHire = defineEvent(
  'integrations.new_hire',
  z.object({
    source: z.enum(['hris', 'ats']),
    /** The HRIS or ATS identity (connection) that reported the person. */
    identityId: z.number().int().positive(),
    email: z.string().min(1),
    firstName: z.string(),
    lastName: z.string(),
    startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
    /** The record's fields as text (department, location, job title, employment type …), keyed by field name. */
    attributes: z.record(z.string(), z.string()),
  }),
);

export type NewHire = z.infer<typeof newHire.schema>;
