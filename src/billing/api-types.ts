/** What Billing's endpoints answer (the pages in web/src/pages/billing read these shapes). */

export interface PersonJson {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
}

export interface PlanJson {
  plan: 'free' | 'premium';
  /** free, trial (a running trial on the free plan) or premium. */
  state: 'free' | 'trial' | 'premium';
  paid_feature_access: boolean;
  trial_allowed: boolean;
  paid_coffee_trial_allowed: boolean;
  trial_ends_at: string | null;
  /** Whole days left in a running trial, counted up (the last day reads 1); null when no trial runs. */
  trial_days_left: number | null;
}

/** One change of the plan, newest first on the billing page. */
export interface PlanHistoryJson {
  at: string;
  from: 'free' | 'trial' | 'premium';
  to: 'free' | 'trial' | 'premium';
  reason: 'trial_started' | 'subscribed' | 'downgraded' | 'trial_expired' | 'provider';
  /** When the trial ends (or ended), for trial changes. */
  trial_ends_at: string | null;
  /** Who changed it, when a person did. */
  by: PersonJson | null;
}

export interface BillingAccountJson {
  account: PlanJson & {
    id: number;
    card_required: boolean;
    own_new_configs: boolean;
    invoiced: boolean;
    payment_method: { label: string } | null;
    subscription_status: string | null;
    provider: 'stripe' | 'sandbox' | 'off';
    owner: PersonJson | null;
    admins: PersonJson[];
  };
  /** The plan's changes, newest first (the last 20). */
  history: PlanHistoryJson[];
  can_change_plan: boolean;
  can_change_owner: boolean;
  trial_days: number;
  support_email: string;
}

export interface CostJson {
  quantity: number;
  cost: number;
  cost_formatted: string;
  unit_amount: number;
  currency: string;
  interval: 'month';
  tiers: Array<{ up_to: number | null; unit_amount: number }>;
  cached: boolean;
}

export interface InvoiceJson {
  id: string;
  number: string | null;
  status: string | null;
  amount_due: number;
  amount_paid: number;
  currency: string;
  created: string;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
}

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
