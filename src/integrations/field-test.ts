import { createHash } from 'node:crypto';

/**
 * A stable variant for an experiment: the same member always lands in the same variant of the same experiment
 * (a SHA-256 of experiment and member, taken modulo the number of variants), with no state kept.
 */
export function variantFor(experiment: string, memberKey: string, variants: readonly string[]): string {
  const digest = createHash('sha256').update(`${experiment}\u0000${memberKey}`).digest();
  return variants[digest.readUInt32BE(0) % variants.length]!;
}
