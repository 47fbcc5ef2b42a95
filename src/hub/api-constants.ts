// The hub's constants and texts that the pages share with the server (no zod here: the pages load this file).

/** The hub's modules, in their default order. */
export const HUB_MODULES = ['welcome', 'people', 'events', 'tasks', 'polls', 'resources', 'channels', 'timeline'] as const;
export type HubModuleType = (typeof HUB_MODULES)[number];

export const MODULE_LABELS: Record<HubModuleType, string> = {
  welcome: 'Welcome',
  people: 'Your people',
  events: 'Events',
  tasks: 'Tasks',
  polls: 'Polls',
  resources: 'Resources and links',
  channels: 'Channels to join',
  timeline: 'Timeline',
};

/** journeys.md §8: the editor's message when saving fails. */
export const SITE_SAVE_ERROR = 'Something went wrong. Please try again.';

export const HUB_LIMITS = { title: 120, text: 3000, links: 20, linkLabel: 120, url: 2000, channels: 20 } as const;
