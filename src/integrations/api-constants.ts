/** Integrations' constants and texts that the pages show word for word (no zod here: the pages load this file). */

export const HRIS_PROGRAM_TYPES = ['celebrations', 'onboarding', 'intros'] as const;
export type HrisProgramTypeJson = (typeof HRIS_PROGRAM_TYPES)[number];

/** Messages the pages show word for word. */
export const HRIS_OWNER_NOT_MEMBER = "That person isn't in this workspace.";
export const VIDEO_NOT_LINKED_TEXT = "Your video account hasn't been linked yet. Try linking it again.";
export const CALENDAR_NOT_LINKED_TEXT = "Your calendar hasn't been linked yet. Try linking it again.";
/** The same for a setting that needs the HR system (Intros groups by department or location). */
export const HRIS_NOT_LINKED_TEXT = "Your HR system hasn't been linked yet. Try linking it again.";
