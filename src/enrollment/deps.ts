import type { CapabilityServices } from '../platform/services.js';

/** The platform services Enrollment declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'workspaces', 'people', 'channels', 'events', 'entitlements', 'home', 'hrDirectory'] as const;

/** What Enrollment's services receive: only those. */
export type EnrollmentDeps = Pick<CapabilityServices, (typeof needs)[number]>;
