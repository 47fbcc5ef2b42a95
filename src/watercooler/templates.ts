import type { ProgramTemplate } from '../programs/kinds.js';
import { DEFAULT_DOZEN_KEY } from './library.js';

/** What a Watercooler template sets: its packs (library keys) and schedule. */
export interface WatercoolerTemplateSettings {
  packs: string[];
  weekdays: number[];
  minuteOfDay: number;
}

const t = (id: string, name: string, description: string, settings: WatercoolerTemplateSettings): ProgramTemplate => ({
  id,
  name,
  description,
  type: 'Watercooler',
  is_default: true,
  settings: settings as unknown as Record<string, unknown>,
});

/**
 * The first is the free plan's and what /channel_programs/new?preview=watercooler starts from; the others use
 * premium packs (applying one on the free plan answers 402).
 */
export const WATERCOOLER_TEMPLATES: ProgramTemplate[] = [
  t(
    'watercooler-default-dozen',
    'Watercooler',
    'A conversation prompt every Wednesday at 11:00 from the Default Dozen: twelve easy, friendly questions. Replies happen in the thread.',
    { packs: [DEFAULT_DOZEN_KEY], weekdays: [3], minuteOfDay: 11 * 60 },
  ),
  t(
    'watercooler-remote-team',
    'Watercooler for remote teams',
    'Tuesdays and Thursdays at 10:00: questions about setups, routines and getting to know each other across time zones.',
    { packs: ['remote-work', 'getting-to-know-you', DEFAULT_DOZEN_KEY], weekdays: [2, 4], minuteOfDay: 10 * 60 },
  ),
  t(
    'watercooler-fun-friday',
    'Fun Friday',
    'Fridays at 15:00: light, silly questions to end the week on a high.',
    { packs: ['fun-friday', 'would-you-rather'], weekdays: [5], minuteOfDay: 15 * 60 },
  ),
  t(
    'watercooler-reflection',
    'Monday reflection',
    'Mondays at 10:00: thoughtful prompts about learning, gratitude and how we work.',
    { packs: ['reflection', 'learning-growth', 'work-style'], weekdays: [1], minuteOfDay: 10 * 60 },
  ),
];

export function templateSettings(template: ProgramTemplate): WatercoolerTemplateSettings {
  const s = template.settings as Partial<WatercoolerTemplateSettings>;
  return {
    packs: Array.isArray(s.packs) ? s.packs : [DEFAULT_DOZEN_KEY],
    weekdays: Array.isArray(s.weekdays) && s.weekdays.length ? s.weekdays : [3],
    minuteOfDay: typeof s.minuteOfDay === 'number' ? s.minuteOfDay : 11 * 60,
  };
}
