import type { ProfileField } from './profile-fields.js';

/** What the members API answers (the settings pages read these shapes). */
export interface PersonJson {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
}

export interface MyPreferencesJson {
  profile_fields: ProfileField[];
  user_profile_entries: Array<{ field: number; text: string; category: string }>;
  manager: PersonJson | null;
  work_hours: { beginning_time: string; end_time: string } | null;
}

