// The zod schemas of the hub's API: each bad field is a 400 naming it (src/http/validate.ts).
import { z } from 'zod';
import { channelId } from '../http/fields.js';
import { id } from '../http/ids.js';
import { HUB_LIMITS as L, HUB_MODULES, type HubModuleType } from './api-constants.js';

const moduleType = z.enum(HUB_MODULES as unknown as [HubModuleType, ...HubModuleType[]], { error: `must be one of ${HUB_MODULES.join(', ')}` });

const link = z.object({
  label: z.string().trim().min(1, "a link's label can't be blank").max(L.linkLabel, `a link's label must be at most ${L.linkLabel} characters`),
  url: z
    .string()
    .trim()
    .max(L.url, `a link must be at most ${L.url} characters`)
    .refine((u) => /^https?:\/\/[^\s]+$/i.test(u), 'a link must start with https:// or http://'),
});

const moduleSettings = z.object({
  type: moduleType,
  enabled: z.boolean({ error: 'must be true or false' }),
  title: z.string().trim().max(L.title, `must be at most ${L.title} characters`),
  text: z.string().max(L.text, `must be at most ${L.text} characters`).default(''),
  image_asset_id: id.nullable().default(null),
  links: z.array(link).max(L.links, `at most ${L.links} links`).default([]),
  channel_ids: z.array(channelId()).max(L.channels, `at most ${L.channels} channels`).default([]),
});

export const template = z.object({
  modules: z
    .array(moduleSettings)
    .refine((ms) => new Set(ms.map((m) => m.type)).size === ms.length, 'each module appears once')
    .refine((ms) => ms.length === HUB_MODULES.length, `lists all ${HUB_MODULES.length} modules`),
});

/** PUT /{flow}/tags/{id}/site: the template, published, or both. */
export const siteBody = z
  .object({ template: template.optional(), published: z.boolean({ error: 'must be true or false' }).optional() })
  .refine((b) => b.template !== undefined || b.published !== undefined, 'send template or published');

/** GET /site/{sessionId}/data?module=…: a module's name, or JSON naming it ({"type": "people"}). */
export const dataQuery = z.object({
  module: z.preprocess(
    (v) => {
      if (typeof v !== 'string' || !v.startsWith('{')) return v;
      try {
        return (JSON.parse(v) as { type?: unknown }).type;
      } catch {
        return v;
      }
    },
    z.enum(['site', 'people', 'events', 'tasks', 'polls', 'channels', 'timeline'], { error: 'must be site, people, events, tasks, polls, channels or timeline' }),
  ),
});

export const sessionParams = z.object({ sessionId: id });
export const linkQuery = z.object({ t: z.string().max(2000).optional() });
