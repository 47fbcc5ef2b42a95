/**
 * The profile fields a member fills in (journeys.md §3 "Profile entry: field id, text, category machine_name").
 * Fixed in code: the field id is stable, and an entry names its field's category by machine name.
 */
import type { ProfileField } from './api-types.js';

const basics = { machine_name: 'basics', name: 'The basics' };
const about = { machine_name: 'about_me', name: 'About me' };

export const PROFILE_FIELDS: readonly ProfileField[] = [
  { id: 1, label: 'Pronouns', placeholder: 'she/her, he/him, they/them …', category: basics },
  { id: 2, label: 'Location', placeholder: 'City or office', category: basics },
  { id: 3, label: 'Team', placeholder: 'Which team are you on?', category: basics },
  { id: 4, label: 'Hobbies', placeholder: 'What do you do for fun?', category: about },
  { id: 5, label: 'Ask me about', placeholder: 'Topics you love talking about', category: about },
  { id: 6, label: 'Fun fact', placeholder: 'Something people would not guess', category: about },
];

/** The longest text of one entry. */
export const MAX_PROFILE_TEXT = 500;
