/**
 * The plan gates, dependency free so the admin pages import this very file: the server's 402s name a feature
 * from this list and the upgrade dialog shows its words, so the two always agree.
 */

/** What the free plan includes; premium (or a running trial) lifts every limit. */
export const FREE_LIMITS = {
  /** Programs of one kind a workspace may run (Intros channels). */
  introsChannels: 1,
  /** Programs of the other limited kinds (Watercooler) a workspace may run. */
  programsPerKind: 1,
  /** People in one Intros round; the rest go first next time. */
  introsParticipants: 24,
  /** Active custom celebration dates. */
  customCelebrations: 2,
  /** Journeys running at once. */
  journeys: 1,
  /** Scheduled messages in one journey. */
  journeyMessages: 3,
} as const;

/**
 * What stops when a workspace goes back to the free plan (a trial ends, a subscription is cancelled): the
 * runtime's fallbacks, in words. Settings are kept and resume on upgrade. The billing page and the trial's DMs
 * both say this.
 */
export const FREE_PLAN_STOPS: readonly string[] = [
  `Intros pairs the standard way (cross-group, within-group and lottery pairing pause), in ${FREE_LIMITS.introsChannels} channel, with up to ${FREE_LIMITS.introsParticipants} people a round`,
  `${FREE_LIMITS.programsPerKind} Watercooler program posts, from the Default Dozen prompts`,
  `Up to ${FREE_LIMITS.customCelebrations} custom celebrations are celebrated`,
  `${FREE_LIMITS.journeys} journey runs at a time, with up to ${FREE_LIMITS.journeyMessages} messages`,
];

/**
 * programs.md §9: cross-group, within-group and lottery are the paid pairing types; Intro by interests
 * (topic_based) is free. A program with claiming_allowed may use any type (§5).
 */
export const PAID_PAIRING_TYPES: readonly string[] = ['cross_group_pairing', 'within_group_pairing', 'lottery'];

export const FEATURES = {
  premium: {
    title: 'Upgrade to Premium',
    text: 'This is part of the Premium plan.',
  },
  pairing_types: {
    title: 'Unlock more ways to pair',
    text: 'Cross-group, within-group and lottery pairing are part of the Premium plan.',
  },
  intros_channels: {
    title: 'Upgrade to Premium',
    text: 'Premium runs Intros in as many channels as you like.',
  },
  programs_per_kind: {
    title: 'Upgrade to Premium',
    text: 'The free plan runs one program of each kind. Premium runs as many as you like.',
  },
  intros_participants: {
    title: 'Introduce everyone',
    text: `The free plan introduces up to ${FREE_LIMITS.introsParticipants} people a round. Upgrade to include everyone, every round.`,
  },
  premium_packs: {
    title: 'Unlock every prompt pack',
    text: 'The free plan posts the Default Dozen. Upgrade for the whole library of prompt packs.',
  },
  custom_prompts: {
    title: 'Write your own prompts',
    text: 'Custom prompts and packs are part of the Premium plan.',
  },
  unlimited_celebrations: {
    title: 'Unlock unlimited celebrations',
    text: 'Your plan includes a limited number of celebrations. Upgrade to celebrate everyone, in every program.',
  },
  journeys: {
    title: 'Run more journeys',
    text: `The free plan runs ${FREE_LIMITS.journeys} journey at a time with up to ${FREE_LIMITS.journeyMessages} messages. Upgrade for as many as you need.`,
  },
} as const satisfies Record<string, { title: string; text: string }>;

export type Feature = keyof typeof FEATURES;

/** May this pairing type be used: free types always, paid ones with paid access or claiming_allowed. */
export function pairingTypeAllowed(pairingType: string, claimingAllowed: boolean, paidFeatureAccess: boolean): boolean {
  return !PAID_PAIRING_TYPES.includes(pairingType) || claimingAllowed || paidFeatureAccess;
}
