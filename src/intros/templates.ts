import type { ProgramTemplate } from '../programs/kinds.js';
import type { IntrosSettings } from './settings-rules.js';

export const DEFAULT_INTRO_MESSAGE =
  "Grab a coffee (or a video call) and get to know each other — 20 minutes is plenty. Not sure where to start? Try the icebreaker below.";

/** Intros templates: the settings a new program starts with. */
export const INTROS_TEMPLATES: ProgramTemplate[] = [
  {
    id: 'intros-coffee-chats',
    name: 'Coffee chats',
    description: 'Pairs people in the channel for a 1:1 chat every 2 weeks, on Monday at 9:00.',
    type: 'CoffeeConfiguration',
    is_default: true,
    settings: { pairing_type: 'standard', group_size: 2, period: 2, weekday: 1, occurrence_hour: 9, intro_message: DEFAULT_INTRO_MESSAGE } satisfies Partial<IntrosSettings>,
  },
  {
    id: 'intros-lunch-trio',
    name: 'Lunch trio',
    description: 'Groups of 3 for lunch every 4 weeks, introduced on Tuesday at 10:00.',
    type: 'CoffeeConfiguration',
    is_default: true,
    settings: {
      pairing_type: 'standard',
      group_size: 3,
      period: 4,
      weekday: 2,
      occurrence_hour: 10,
      intro_message: 'Time for lunch together! Pick a day this week or next that works for all three of you.',
    } satisfies Partial<IntrosSettings>,
  },
  {
    id: 'intros-lottery',
    name: 'Lottery',
    description: 'Each week one group of 4 is drawn; people who have waited longest are most likely to be picked.',
    type: 'CoffeeConfiguration',
    is_default: true,
    settings: {
      pairing_type: 'lottery',
      group_size: 4,
      period: 1,
      weekday: 3,
      occurrence_hour: 11,
      intro_message: "You've been drawn in this week's lottery! Find a time for a virtual coffee together.",
    } satisfies Partial<IntrosSettings>,
  },
];
