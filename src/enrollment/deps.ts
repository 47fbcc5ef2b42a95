import type { PlatformServices } from '../platform/services.js';

/** The platform services Enrollment declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'workspaces', 'people', 'channels', 'events', 'entitlements', 'home'] as const;

/** What Enrollment's services receive: only those. */
export type EnrollmentDeps = Pick<PlatformServices, (typeof needs)[number]>;
