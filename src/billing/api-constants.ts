/** Billing's texts and choices that the pages show word for word (no zod here: the pages load this file). */

/** The downgrade survey's reasons (the modal's choices). */
export const DOWNGRADE_REASONS = {
  too_expensive: 'It costs too much',
  missing_features: 'It is missing features we need',
  not_using: 'We are not using it enough',
  switching: 'We are switching to another tool',
  temporary: 'We only needed it for a while',
  other: 'Something else',
} as const;
export type DowngradeReason = keyof typeof DOWNGRADE_REASONS;

export const SUPPORT_EMAIL = 'support@hearth.example';
export const COST_ERROR_TEXT = 'Failed to calculate cost based on current usage. Try reloading?';
export const INVOICES_ERROR_TEXT = 'Failed to retrieve invoices. Try again?';
export const CARD_REQUIRED_TEXT = 'Add a payment method to upgrade to Premium.';
