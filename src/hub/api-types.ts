// The journey hub's API shapes (journeys.md §2, §4, §6, §7 "Journey site"), shared with the pages (type-only; the
// constants are in api-constants.ts). No imports of the app beyond Journeys' own JSON shapes.
import { z } from 'zod';
import { int } from '../http/fields.js';
import { personJson, pollResponseJson, taskAssignmentJson } from '../journeys/api-types.js';
import { HUB_MODULES } from './api-constants.js';

export * from './api-constants.js';

const hubLink = z.object({ label: z.string(), url: z.string() });

/** One module of the site's template: shown or not, in the template's order, with its texts. */
export const hubModuleSettings = z.object({
  type: z.enum(HUB_MODULES),
  enabled: z.boolean(),
  title: z.string(),
  /** An introduction (the welcome module's message). Slack-style *bold*, _italic_ and links. */
  text: z.string(),
  /** An uploaded image (POST /onboarding/assets): the welcome module's picture. */
  image_asset_id: int.nullable(),
  /** Resources and links. */
  links: z.array(hubLink),
  /** Channels to join (besides the journey's channel and the cohort's). */
  channel_ids: z.array(z.string()),
});
export type HubModuleSettings = z.infer<typeof hubModuleSettings>;

export const hubTemplate = z.object({ modules: z.array(hubModuleSettings) });
export type HubTemplate = z.infer<typeof hubTemplate>;

/** The site of one journey ("tag"): its template and whether participants may open it. */
export const hubSiteJson = z.object({ tag_id: int, published: z.boolean(), template: hubTemplate, updated_at: z.string().nullable() }).meta({ id: 'HubSite' });
export type HubSiteJson = z.infer<typeof hubSiteJson>;

/** PUT /{flow}/tags/{id}/site: the site saved. */
export const hubSaveAnswer = z.object({ site: hubSiteJson });

export const hubPersonJson = personJson.extend({
  /** Opens a DM with them in Slack. */
  slack_url: z.string(),
});
export type HubPersonJson = z.infer<typeof hubPersonJson>;

export const hubRoleMemberJson = z.object({ role_id: int, role_name: z.string(), purpose: z.string(), primary: z.boolean(), person: hubPersonJson.nullable() });

export const hubEventJson = z.object({
  id: int,
  title: z.string(),
  kind: z.string(),
  /** Local date and minute of the day in the session's time zone. */
  occurs_on: z.string(),
  minute_in_day: int,
  occurs_at: z.string(),
  state: z.string(),
});
export type HubEventJson = z.infer<typeof hubEventJson>;

export const hubChannelJson = z.object({ id: z.string(), name: z.string(), slack_url: z.string() });

/** GET /site/{sessionId}/data?module=site: the hub's frame. */
export const hubFrameData = z
  .object({
    session: z.object({ id: int, journey_name: z.string(), start_date: z.string(), time_zone: z.string(), state: z.enum(['active', 'finished', 'cancelled']), participant: hubPersonJson.nullable() }),
    viewer: z.object({ member_id: int, is_participant: z.boolean(), is_journey_admin: z.boolean() }),
    published: z.boolean(),
    /** The enabled modules, in order, with their images' addresses. */
    modules: z.array(hubModuleSettings.extend({ image_url: z.string().nullable() })),
  })
  .meta({ id: 'HubFrame' });
export type HubFrameData = z.infer<typeof hubFrameData>;

export const hubPeopleData = z.object({ people: z.array(hubRoleMemberJson) });
export type HubPeopleData = z.infer<typeof hubPeopleData>;
export const hubEventsData = z.object({ upcoming: z.array(hubEventJson), past: z.array(hubEventJson) });
export const hubTasksData = z.object({
  /** `mine`: the viewer's own, which they may complete from the hub. */
  tasks: z.array(taskAssignmentJson.extend({ mine: z.boolean() })),
});
export type HubTasksData = z.infer<typeof hubTasksData>;
export const hubPollsData = z.object({ polls: z.array(pollResponseJson.extend({ mine: z.boolean() })) });
export type HubPollsData = z.infer<typeof hubPollsData>;
export const hubChannelsData = z.object({ channels: z.array(hubChannelJson) });

/** What became of a timeline item: a task is done or still to do, a poll answered or waiting, a message sent. */
const hubTimelineStatus = z.enum(['started', 'coming_up', 'sent', 'to_do', 'done', 'to_answer', 'answered']);
export type HubTimelineStatus = z.infer<typeof hubTimelineStatus>;

export const hubTimelineData = z.object({
  /** The journey's start (`start: true`), then its events. */
  items: z.array(hubEventJson.extend({ start: z.boolean().optional(), status: hubTimelineStatus })),
});
export type HubTimelineData = z.infer<typeof hubTimelineData>;

/** Each module's data (GET /site/{sessionId}/data?module=…). Welcome and resources need nothing beyond the frame. */
export const hubModuleData = z.object({
  people: hubPeopleData,
  events: hubEventsData,
  tasks: hubTasksData,
  polls: hubPollsData,
  channels: hubChannelsData,
  timeline: hubTimelineData,
});
export type HubModuleData = z.infer<typeof hubModuleData>;

/** GET /site/{sessionId}/data?module=…: the frame (module=site) or that module's data. */
export const hubData = z.union([hubFrameData, hubPeopleData, hubEventsData, hubTasksData, hubPollsData, hubChannelsData, hubTimelineData]);

/** GET /{flow}/tags/{id}/site: the site and sample data for the preview (the editor renders the same modules). */
export const hubSiteAnswer = z.object({
  site: hubSiteJson,
  journey_name: z.string(),
  preview: z.object({ frame: hubFrameData, data: hubModuleData }),
});
export type HubSiteAnswer = z.infer<typeof hubSiteAnswer>;
