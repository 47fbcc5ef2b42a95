import type { DeliveryStatus } from './reasons.js';

/** The admins' page of the workspace's failed deliveries (its navigation entry and the owners' notices link here). */
export const FAILED_DELIVERIES_PATH = '/settings/deliveries';

/** A message's real delivery state, read from its outbox row (the pages show it where they say a message went). */
export interface Delivery extends DeliveryStatus {
  /** The outbox row: an admin's Try again is POST /deliveries/{id}/retry. */
  id: number;
}

/** One delivery that did not go out (or was not confirmed), for the admins' list. */
export interface FailedDelivery extends Delivery {
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
