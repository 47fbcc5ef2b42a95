// Enrollment's constants and texts that the pages share with the server (no zod here: the pages load this file).

/** journeys.md §9: at most 2000 rows (sessions) in one manual enrollment. */
export const MAX_ENROLLMENT_ROWS = 2000;
export const TOO_MANY_ROWS_TEXT = 'Sorry, no more than 2000 rows allowed';
/** journeys.md §9: users are looked up by email 50 at a time. */
export const EMAIL_LOOKUP_CHUNK = 50;

export const FORMULA_OPERATORS = ['equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'in', 'is_present', 'is_blank'] as const;

export const SELF_ENROLL_ERROR_TEXT = 'There was an unexpected error processing your request. Try again?';
