import type { DeliveryStatus } from './reasons.js';

/** One delivery that did not go out (or was not confirmed), for the admins' list. */
export interface FailedDelivery extends DeliveryStatus {
  id: number;
  /** What the message was for (intro, journey, shoutout …). */
  kind: string;
  method: string;
  /** The channel it went to, when it went to one. */
  channel: { id: string; name: string | null } | null;
  /** ISO instant of its last change. */
  updated_at: string;
}

export interface FailedDeliveriesPage {
  deliveries: FailedDelivery[];
  page: number;
  per: number;
  next_page: number | null;
}
