import { z } from 'zod';
import { channelId } from '../http/fields.js';
import { isValidTimeZone } from '../time/zoned.js';
import { WEEKEND_POLICIES } from './dates.js';
import { templateProblem } from './templates.js';
import { id } from '../http/ids.js';
import { imageIds, type ImageKind } from './images.js';

const programType = z.enum(['birthday', 'anniversary', 'custom']);

const template = (type: 'birthday' | 'anniversary') =>
  z.string().superRefine((value, ctx) => {
    const problem = templateProblem(value, type);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** One of the shipped images of that kind, or null for none. */
const image = (type: ImageKind) => z.string().refine((v) => imageIds(type).includes(v), 'choose one of the images').nullable();

export const updateBody = z.object({
  is_active: z.boolean().optional(),
  birthdays_enabled: z.boolean().optional(),
  anniversaries_enabled: z.boolean().optional(),
  custom_enabled: z.boolean().optional(),
  posting_hour: z.number().int('choose a whole hour').min(0).max(23).optional(),
  time_zone: z.string().refine(isValidTimeZone, 'is not a time zone').optional(),
  weekend_policy: z.enum(WEEKEND_POLICIES).optional(),
  birthday_template: template('birthday').optional(),
  anniversary_template: template('anniversary').optional(),
  birthday_image: image('birthday').optional(),
  anniversary_image: image('anniversary').optional(),
  custom_image: image('custom').optional(),
  leap_day_policy: z.enum(['feb28', 'mar1']).optional(),
});

export const eventsQuery = z.object({ days: z.coerce.number().int().refine((d) => d === 30 || d === 60, 'choose 30 or 60').default(30) });
export const newHiresQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(90) });

/** The program a Celebrations body or query is about: read (and checked) before the rest of it. */
export const programRef = z.object({ celebration_program_id: id });

export const indexQuery = z.object({ celebration_program_id: id, schedule_type: programType });

export const createOrUpdateBody = z.object({
  celebration_program_id: id,
  schedule_type: programType,
  celebration_schedule_id: id.optional(),
  /** The member (their Hearth id) whose date this is; custom dates may name one, or null for none. */
  user_id: id.nullable().optional(),
  /** Birthday "MM-DD" or "YYYY-MM-DD" (the year stays private), anniversary "YYYY-MM-DD", custom "MM-DD" or "YYYY-MM-DD"; null deletes. */
  date: z.string().trim().max(10).nullable(),
  title: z.string().trim().max(120).optional(),
  message: z
    .string()
    .max(1500)
    .nullable()
    .optional()
    .superRefine((value, ctx) => {
      if (!value?.trim()) return;
      const problem = templateProblem(value, 'custom');
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

export const includedBody = z.object({ celebration_program_id: id, activate: z.boolean() });

export const askBody = z.object({
  celebration_program_id: id,
  user_ids: z.array(id).min(1, 'choose at least one person').max(500, 'at most 500 people at a time'),
});

export const upsertMyBody = z
  .object({
    celebration_type: z.enum(['birthday', 'anniversary']),
    date: z.string().trim().max(10).nullable().optional(),
    selected_channel_ids: z.array(channelId('is not a channel')).max(200).optional(),
  })
  .refine((b) => b.date !== undefined || b.selected_channel_ids !== undefined, { message: 'give a date or channels', path: ['date'] });

export const importQuery = z.object({ program_id: id, program_type: z.string().min(1).max(40) });

/** The preview: the saved settings, or these unsaved ones (and a custom date being written). */
export const previewBody = updateBody
  .pick({ birthday_template: true, anniversary_template: true, birthday_image: true, anniversary_image: true, custom_image: true })
  .extend({ custom_title: createOrUpdateBody.shape.title, custom_message: createOrUpdateBody.shape.message });
