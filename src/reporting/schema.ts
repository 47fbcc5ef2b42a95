import { z } from 'zod';
import { id } from '../http/ids.js';
import { AGGREGATIONS, DATE_WINDOWS, DEFAULT_FEEDBACK_DATE_WINDOW, DEFAULT_ISSUE_DATE_WINDOW, FEEDBACK_DATE_WINDOWS, ISSUE_DATE_WINDOWS, ISSUE_TYPES, STAT_NAMES } from './stats.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)').refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'is not a real date');
const statName = z.enum(STAT_NAMES, { error: `must be one of ${STAT_NAMES.join(', ')}` });
const dateWindow = z.enum(DATE_WINDOWS, { error: `must be one of ${DATE_WINDOWS.join(', ')}` });
const aggregation = z.enum(AGGREGATIONS, { error: `must be one of ${AGGREGATIONS.join(', ')}` });
const empty = (v: unknown) => (v === '' ? null : v);

export const moduleSetting = z
  .object({
    stat_name: statName,
    date_window: dateWindow,
    start_date: z.preprocess(empty, day.nullable()).optional().default(null),
    end_date: z.preprocess(empty, day.nullable()).optional().default(null),
    tag_id: z.preprocess(empty, id.nullable()).optional().default(null),
    aggregation: aggregation.optional().default('weekly'),
  })
  .refine((s) => !s.start_date || !s.end_date || s.start_date <= s.end_date, { message: 'must not be after end_date', path: ['start_date'] });

export const userParams = z.object({ userId: id });

export const putSettingsBody = z.object({
  reporting_module_setting: z.object(
    {
      template: z.array(moduleSetting, { error: 'must be a list of modules' }).max(20, 'must have at most 20 modules'),
      showAllTags: z.boolean({ error: 'must be true or false' }),
    },
    { error: 'is required' },
  ),
});

export const dataQuery = z
  .object({
    stat_name: statName,
    date_window: dateWindow.optional().default('30d'),
    start_date: z.preprocess(empty, day.optional()),
    end_date: z.preprocess(empty, day.optional()),
    tag_id: z.preprocess(empty, id.optional()),
    aggregation: aggregation.optional().default('weekly'),
  })
  .refine((s) => !s.start_date || !s.end_date || s.start_date <= s.end_date, { message: 'must not be after end_date', path: ['start_date'] });

const dashIds = z.preprocess(empty, z.string().regex(/^\d+(-\d+)*$/, 'must be ids joined by dashes').optional());
const dashTypes = z.preprocess(
  empty,
  z
    .string()
    .refine((s) => s.split('-').every((t) => (ISSUE_TYPES as readonly string[]).includes(t)), `must be issue types joined by dashes (${ISSUE_TYPES.join(', ')})`)
    .optional(),
);

export const issuesQuery = z.object({
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'is too large').optional().default(1),
  date_window: z.enum(ISSUE_DATE_WINDOWS, { error: `must be one of ${ISSUE_DATE_WINDOWS.join(', ')}` }).optional().default(DEFAULT_ISSUE_DATE_WINDOW),
  tag_ids: dashIds,
  issue_types: dashTypes,
});

const configIds = z.preprocess((v) => (Array.isArray(v) ? v.join(',') : v), z.string({ error: 'is required' }).regex(/^\d+([,-]\d+)*$/, 'must be ids joined by commas'));

export const feedbackStatsQuery = z.object({
  config_ids: configIds,
  date_window: z.enum(FEEDBACK_DATE_WINDOWS, { error: `must be one of ${FEEDBACK_DATE_WINDOWS.join(', ')}` }).optional().default(DEFAULT_FEEDBACK_DATE_WINDOW),
});

export const feedbackCommentsQuery = z.object({
  config_ids: configIds,
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'is too large').optional().default(1),
});

export const parseIds = (s: string) => s.split(/[,-]/).map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);

export const csvReportBody = z.object({ tag_id: z.preprocess(empty, id.nullable()).optional().default(null) });

export const strategicQuery = z
  .object({
    id,
    tag_id: z.preprocess(empty, id.optional()),
    batch_id: z.preprocess(empty, id.optional()),
    start_date: z.preprocess(empty, day.optional()),
    end_date: z.preprocess(empty, day.optional()),
  })
  .refine((s) => !s.start_date || !s.end_date || s.start_date <= s.end_date, { message: 'must not be after end_date', path: ['start_date'] });
