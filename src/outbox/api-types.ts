import { z } from 'zod';

/** The admins' page of the workspace's failed deliveries (its navigation entry and the owners' notices link here). */
export const FAILED_DELIVERIES_PATH = '/settings/deliveries';

/** What a delivery's state means to a person (src/outbox/reasons.ts says it). */
export const deliveryStatusJson = z.object({
  /** Waiting, Sent, Not sent, or Not confirmed. */
  label: z.enum(['Waiting', 'Sent', 'Not sent', 'Not confirmed']),
  /** The error Slack or Hearth recorded (a code such as `channel_not_found`), when not sent. */
  code: z.string().nullable(),
  /** Why, in words a person understands; null when sent or on its way without trouble. */
  reason: z.string().nullable(),
  /** Whether a Try again can work (after the cause is fixed, where one is named). */
  canRetry: z.boolean(),
});
export type DeliveryStatus = z.infer<typeof deliveryStatusJson>;

/** A message's real delivery state, read from its outbox row (the pages show it where they say a message went). */
export const deliveryJson = deliveryStatusJson
  .extend({
    /** The outbox row: an admin's Try again is POST /deliveries/{id}/retry. */
    id: z.number().int(),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof deliveryJson>;

/** One delivery that did not go out (or was not confirmed), for the admins' list. */
export const failedDeliveryJson = deliveryJson.extend({
  /** What the message was for (intro, journey, shoutout …). */
  kind: z.string(),
  method: z.string(),
  /** The channel it went to, when it went to one. */
  channel: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** ISO instant of its last change. */
  updated_at: z.string(),
});
export type FailedDelivery = z.infer<typeof failedDeliveryJson>;

/** GET /deliveries/failed. */
export const failedDeliveriesPage = z.object({ deliveries: z.array(failedDeliveryJson), page: z.number().int(), per: z.number().int(), next_page: z.number().int().nullable() });
export type FailedDeliveriesPage = z.infer<typeof failedDeliveriesPage>;
