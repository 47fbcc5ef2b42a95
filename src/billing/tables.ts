import type { ColumnType, Generated } from 'kysely';

/** Billing tables (migrations/0010_billing.ts). Business times are written from the Clock. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface BillingCustomersTable {
  workspace_id: number;
  /** Which PaymentProvider holds the customer: 'stripe' or 'sandbox'. */
  provider: string;
  customer_id: string;
  subscription_id: string | null;
  subscription_status: string | null;
  /** Invoiced teams pay by invoice: no card needed to subscribe (set by the operator). */
  invoiced: Generated<boolean>;
  has_payment_method: Generated<boolean>;
  /** e.g. "Visa ending 4242". */
  payment_method_label: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SupportTicketsTable {
  id: Generated<number>;
  workspace_id: number;
  member_id: number | null;
  kind: string;
  feature: string | null;
  message: string | null;
  created_at: Timestamp;
}

export interface DowngradeSurveysTable {
  id: Generated<number>;
  workspace_id: number;
  member_id: number | null;
  reason: string;
  comment: string | null;
  created_at: Timestamp;
}

export interface BillingWebhookEventsTable {
  event_id: string;
  type: string;
  received_at: Timestamp;
}

/** Each plan change, as the billing page lists it (kept from plan.changed: migrations/0028_admin_billing_trials.ts). */
export interface BillingPlanHistoryTable {
  workspace_id: number;
  /** The plan.changed event's place in the workspace's stream: written once per event. */
  seq: ColumnType<string, number, never>;
  occurred_at: Timestamp;
  from_state: 'free' | 'trial' | 'premium';
  to_state: 'free' | 'trial' | 'premium';
  reason: string;
  trial_ends_at: ColumnType<Date | null, Date | string | null, never>;
  member_id: number | null;
}

export interface BillingTables {
  billing_plan_history: BillingPlanHistoryTable;
  billing_customers: BillingCustomersTable;
  support_tickets: SupportTicketsTable;
  downgrade_surveys: DowngradeSurveysTable;
  billing_webhook_events: BillingWebhookEventsTable;
}

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends BillingTables {}
}
