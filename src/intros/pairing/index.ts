/**
 * The pairing engine: a pure module (no I/O, no clock) that decides who meets whom in an Intros round,
 * and why.
 *
 * - eligibleCandidates(members, { today }): who may take part (the caller's one eligibility rule).
 * - computeRound(input): the round. Groups carry a reason (string with ids, plus reasonDetail for
 *   formatReason with real names); everyone else is in leftOut with a code and a sentence.
 * - formatReason(reasonDetail, { person, category }): the reason with display names.
 * - repeatRate / repeatRateByRound / coverage / longestWait: figures for reports.
 */
export { computeRound } from './engine.js';
export { eligibleCandidates } from './eligibility.js';
export type { ExclusionReason } from './eligibility.js';
export { describeGroup, formatReason } from './reason.js';
export { planGroupSizes } from './group-sizes.js';
export { coverage, longestWait, repeatRate, repeatRateByRound, waitsSinceLastGroup } from './stats.js';
export { maxWeightMatching } from './blossom.js';
export type { WeightedEdge } from './blossom.js';
export type * from './types.js';
