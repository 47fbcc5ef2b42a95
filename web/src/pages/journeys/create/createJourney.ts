import { api } from '../../../api/client';
import type { CreateTagAnswer, CreateTagBody } from '../api/journeysApi';

export const JOURNEY_NAME_MAX = 80;

/** POST /onboarding/tags is multipart (programs.md §7): channel_id, onboarding_tag[…] and source. */
export function createTagForm(body: CreateTagBody): FormData {
  const form = new FormData();
  if (body.channel_id) form.append('channel_id', body.channel_id);
  const tag = body.onboarding_tag;
  form.append('onboarding_tag[name]', tag.name);
  form.append('onboarding_tag[flow_type]', tag.flow_type);
  if (tag.preset_bundle_id) form.append('onboarding_tag[preset_bundle_id]', String(tag.preset_bundle_id));
  for (const id of tag.preset_ids ?? []) form.append('onboarding_tag[preset_ids][]', String(id));
  if (tag.auto_enroll !== undefined) form.append('onboarding_tag[auto_enroll]', tag.auto_enroll ? 'true' : 'false');
  if (body.source) form.append('source', body.source);
  return form;
}

export function createJourney(body: CreateTagBody): Promise<CreateTagAnswer> {
  return api.post<CreateTagAnswer>('/onboarding/tags', createTagForm(body));
}

export function validateJourneyName(name: string): string | null {
  const n = name.trim();
  if (!n) return 'Give the journey a name.';
  if (n.length > JOURNEY_NAME_MAX) return `Keep the name under ${JOURNEY_NAME_MAX} characters.`;
  return null;
}
