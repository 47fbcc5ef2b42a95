import type { CapabilityServices } from '../platform/services.js';

/** The platform services and ports Intros declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'clients', 'workspaces', 'people', 'channels', 'programs', 'events', 'entitlements', 'hrDirectory', 'calendars', 'videoMeetings'] as const;

/** What Intros's services receive: only those. */
export type IntrosDeps = Pick<CapabilityServices, (typeof needs)[number]>;
