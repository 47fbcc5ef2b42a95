// Texts the specs fix word for word (journeys.md §8, programs.md §8). Import them; do not retype them.
export const DEFAULT_ERROR_TEXT = 'Uh oh, something went wrong. Try again?';
export const DEFAULT_SUCCESS_TEXT = 'Your preferences have been saved.';
export const SEND_NOW_TIMEOUT_TEXT =
  'Uh oh, something is taking a long time. You can go to Slack to see if your event has sent.';
export const DATES_IMPORT_TIMEOUT_TEXT =
  'Uh oh, something is taking a long time. Try reloading the page to see the new dates.';
export const REPORTING_WARNING_TEXT =
  'We are still generating some reporting data. Please check back in a few minutes. You do not need to reload the page.';
export const UPLOAD_FAILED_TEXT = 'Failed to upload file.';
/** programs.md: a failed load of the Intros programs, wherever a page lists them. */
export const INTROS_LOAD_ERROR = 'Error loading Intros programs';

export const SELECT_TEXTS = {
  noOptions: 'No options',
  startTyping: 'Start typing to search',
  loading: 'Loading...',
  noResults: 'No results',
  error: 'Uh oh! Something went wrong!',
} as const;

export const CHANNEL_PLACEHOLDER_WITH_PRIVATE = 'Search Slack channels...';
export const CHANNEL_PLACEHOLDER_PUBLIC = 'Search public Slack channels...';
