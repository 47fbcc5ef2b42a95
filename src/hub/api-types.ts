// The journey hub's API shapes (journeys.md §2, §4, §6, §7 "Journey site"), shared with the pages. No imports of
// the app beyond Journeys' own JSON shapes.
import type { PersonJson, PollResponseJson, SessionState, TaskAssignmentJson } from '../journeys/api-types.js';

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

export interface HubLink {
  label: string;
  url: string;
}

/** One module of the site's template: shown or not, in the template's order, with its texts. */
export interface HubModuleSettings {
  type: HubModuleType;
  enabled: boolean;
  title: string;
  /** An introduction (the welcome module's message). Slack-style *bold*, _italic_ and links. */
  text: string;
  /** An uploaded image (POST /onboarding/assets): the welcome module's picture. */
  image_asset_id: number | null;
  /** Resources and links. */
  links: HubLink[];
  /** Channels to join (besides the journey's channel and the cohort's). */
  channel_ids: string[];
}

export interface HubTemplate {
  modules: HubModuleSettings[];
}

/** The site of one journey ("tag"): its template and whether participants may open it. */
export interface HubSiteJson {
  tag_id: number;
  published: boolean;
  template: HubTemplate;
  updated_at: string | null;
}

/** PUT /{flow}/tags/{id}/site: the template, the published flag, or both. */
export interface HubSiteBody {
  template?: HubTemplate;
  published?: boolean;
}

export interface HubPersonJson extends PersonJson {
  /** Opens a DM with them in Slack. */
  slack_url: string;
}

export interface HubRoleMemberJson {
  role_id: number;
  role_name: string;
  purpose: string;
  primary: boolean;
  person: HubPersonJson | null;
}

export interface HubEventJson {
  id: number;
  title: string;
  kind: string;
  /** Local date and minute of the day in the session's time zone. */
  occurs_on: string;
  minute_in_day: number;
  occurs_at: string;
  state: string;
}

export interface HubChannelJson {
  id: string;
  name: string;
  slack_url: string;
}

/** GET /site/{sessionId}/data?module=site: the hub's frame. */
export interface HubFrameData {
  session: { id: number; journey_name: string; start_date: string; time_zone: string; state: SessionState; participant: HubPersonJson | null };
  viewer: { member_id: number; is_participant: boolean; is_journey_admin: boolean };
  published: boolean;
  /** The enabled modules, in order, with their images' addresses. */
  modules: Array<HubModuleSettings & { image_url: string | null }>;
}

export interface HubPeopleData {
  people: HubRoleMemberJson[];
}
export interface HubEventsData {
  upcoming: HubEventJson[];
  past: HubEventJson[];
}
export interface HubTasksData {
  /** `mine`: the viewer's own, which they may complete from the hub. */
  tasks: Array<TaskAssignmentJson & { mine: boolean }>;
}
export interface HubPollsData {
  polls: Array<PollResponseJson & { mine: boolean }>;
}
export interface HubChannelsData {
  channels: HubChannelJson[];
}
/** What became of a timeline item: a task is done or still to do, a poll answered or waiting, a message sent. */
export type HubTimelineStatus = 'started' | 'coming_up' | 'sent' | 'to_do' | 'done' | 'to_answer' | 'answered';

export interface HubTimelineData {
  items: Array<HubEventJson & { start?: boolean; status: HubTimelineStatus }>;
}

/** Each module's data (GET /site/{sessionId}/data?module=…). Welcome and resources need nothing beyond the frame. */
export interface HubModuleData {
  people: HubPeopleData;
  events: HubEventsData;
  tasks: HubTasksData;
  polls: HubPollsData;
  channels: HubChannelsData;
  timeline: HubTimelineData;
}

/** GET /{flow}/tags/{id}/site: the site and sample data for the preview (the editor renders the same modules). */
export interface HubSiteAnswer {
  site: HubSiteJson;
  journey_name: string;
  preview: { frame: HubFrameData; data: HubModuleData };
}
