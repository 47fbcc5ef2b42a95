import type { PlatformServices } from '../platform/services.js';

/** The platform services Billing declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'events', 'entitlements', 'outbox'] as const;

/** What Billing's services receive: only those. */
export type BillingDeps = Pick<PlatformServices, (typeof needs)[number]>;
