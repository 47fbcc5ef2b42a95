import { z } from 'zod';
import { int, personJson } from '../http/fields.js';

/** What the members API answers (the settings pages read these shapes). */

/** A profile field a member may fill in (src/members/profile-fields.ts lists them). */
export const profileFieldJson = z.object({ id: int, label: z.string(), placeholder: z.string(), category: z.object({ machine_name: z.string(), name: z.string() }) });
export type ProfileField = z.infer<typeof profileFieldJson>;

/** GET /users/{id}/preferences_as_json, and what each of its writes answers. */
export const myPreferencesJson = z
  .object({
    profile_fields: z.array(profileFieldJson),
    user_profile_entries: z.array(z.object({ field: int, text: z.string(), category: z.string() })),
    manager: personJson.nullable(),
    work_hours: z.object({ beginning_time: z.string(), end_time: z.string() }).nullable(),
  })
  .meta({ id: 'MyPreferences' });
export type MyPreferencesJson = z.infer<typeof myPreferencesJson>;

export const ASSET_STATES = ['needs_processing', 'uploaded', 'failed_processing'] as const;
export type AssetState = (typeof ASSET_STATES)[number];

/** An uploaded file (programs.md §3 "Asset (file): id, file_size, state, errors"). */
export const assetJson = z.object({
  id: int,
  file_name: z.string(),
  file_size: int,
  content_type: z.string().nullable(),
  state: z.enum(ASSET_STATES),
  errors: z.array(z.string()),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
});
export type AssetJson = z.infer<typeof assetJson>;

/** GET /onboarding/assets/limits: what an upload may be, so the uploaders check files before sending them. */
export const uploadLimitsJson = z.object({ max_file_mb: z.number().nullable(), total_mb: z.number() });
