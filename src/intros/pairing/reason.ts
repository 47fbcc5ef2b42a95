import type { PairMeeting } from './meetings.js';
import type { GroupReason, RepeatedPair } from './types.js';

/** Builds the structured reason for a group from who has met whom. */
export function describeGroup(
  members: readonly string[],
  meetingOf: (a: string, b: string) => PairMeeting | undefined,
  currentRound: number,
  sharedCategories: readonly string[] = [],
): GroupReason {
  const pairs: RepeatedPair[] = [];
  for (let i = 0; i < members.length; i++) {
    for (let j = i + 1; j < members.length; j++) {
      const a = members[i] as string;
      const b = members[j] as string;
      const meeting = meetingOf(a, b);
      if (meeting !== undefined) {
        pairs.push({ members: [a, b], roundsAgo: Math.max(1, currentRound - meeting.lastRound), timesMet: meeting.times });
      }
    }
  }
  const categories = [...sharedCategories];
  if (pairs.length === 0) return { kind: 'first_time', groupSize: members.length, sharedCategories: categories };
  pairs.sort((x, y) => x.roundsAgo - y.roundsAgo || y.timesMet - x.timesMet);
  return {
    kind: 'repeat',
    groupSize: members.length,
    roundsAgo: (pairs[0] as RepeatedPair).roundsAgo,
    pairs,
    sharedCategories: categories,
  };
}

export interface ReasonNames {
  /** Display name for a member id (default: the id). */
  person?: (id: string) => string;
  /** Display name for a category id (default: the id). */
  category?: (id: string) => string;
  /** How the shared categories are said: "Both {verb} Hiking" (default: picked). */
  sharedVerb?: string;
}

const SHOWN_PAIRS = 3;

/**
 * One short sentence a member understands, e.g. "First time meeting", "Last met 6 rounds ago",
 * "Mostly new faces: only Ana and Ben have met before (3 rounds ago)".
 */
export function formatReason(reason: GroupReason, names: ReasonNames = {}): string {
  const person = names.person ?? ((id: string) => id);
  const category = names.category ?? ((id: string) => id);
  let text: string;
  if (reason.kind === 'first_time') {
    text = reason.groupSize <= 2 ? 'First time meeting' : 'First time meeting for everyone';
  } else if (reason.groupSize <= 2) {
    const pair = reason.pairs[0] as RepeatedPair;
    text = pair.roundsAgo === 1 ? 'Met last round' : `Last met ${pair.roundsAgo} rounds ago`;
    if (pair.timesMet > 1) text += `; met ${pair.timesMet} times before`;
  } else {
    const allPairs = (reason.groupSize * (reason.groupSize - 1)) / 2;
    const pairName = (pair: RepeatedPair) => `${person(pair.members[0])} and ${person(pair.members[1])}`;
    if (reason.pairs.length === allPairs) {
      text = `Everyone here has met before, most recently ${ago(reason.roundsAgo)}`;
    } else if (reason.pairs.length === 1) {
      const pair = reason.pairs[0] as RepeatedPair;
      text = `Mostly new faces: only ${pairName(pair)} have met before (${ago(pair.roundsAgo)})`;
    } else {
      const shown = reason.pairs.slice(0, SHOWN_PAIRS).map((pair) => `${pairName(pair)} (${ago(pair.roundsAgo)})`);
      const more = reason.pairs.length - shown.length;
      text = `Some have met before: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}; new faces otherwise`;
    }
  }
  if (reason.sharedCategories.length > 0) {
    const who = reason.groupSize <= 2 ? 'Both' : 'All';
    text += `. ${who} ${names.sharedVerb ?? 'picked'} ${listOf(reason.sharedCategories.map(category))}`;
  }
  return text;
}

function ago(rounds: number): string {
  return rounds === 1 ? 'last round' : `${rounds} rounds ago`;
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] as string}`;
}
