import { describe, expect, it } from 'vitest';
import { describeGroup, formatReason } from '../../../src/intros/pairing/index.js';

const meetings = new Map([
  ['ana|ben', { times: 1, lastRound: 4 }],
  ['cy|di', { times: 3, lastRound: 6 }],
  ['ana|cy', { times: 1, lastRound: 9 }],
]);
const meetingOf = (a: string, b: string) => meetings.get([a, b].sort().join('|'));
const names = { person: (id: string) => id[0]?.toUpperCase() + id.slice(1) };

describe('group reasons', () => {
  it('explains pairs', () => {
    expect(formatReason(describeGroup(['ana', 'di'], meetingOf, 10))).toBe('First time meeting');
    expect(formatReason(describeGroup(['ana', 'ben'], meetingOf, 10))).toBe('Last met 6 rounds ago');
    expect(formatReason(describeGroup(['ana', 'cy'], meetingOf, 10))).toBe('Met last round');
    expect(formatReason(describeGroup(['cy', 'di'], meetingOf, 10))).toBe('Last met 4 rounds ago; met 3 times before');
  });

  it('explains groups, naming people through the caller', () => {
    expect(formatReason(describeGroup(['ana', 'di', 'eve'], meetingOf, 10))).toBe('First time meeting for everyone');
    expect(formatReason(describeGroup(['ana', 'ben', 'eve'], meetingOf, 10), names)).toBe(
      'Mostly new faces: only Ana and Ben have met before (6 rounds ago)',
    );
    expect(formatReason(describeGroup(['ana', 'ben', 'cy', 'di'], meetingOf, 10), names)).toBe(
      'Some have met before: Ana and Cy (last round), Cy and Di (4 rounds ago), Ana and Ben (6 rounds ago); new faces otherwise',
    );
    expect(formatReason(describeGroup(['ana', 'ben'], meetingOf, 10, ['hiking']), { category: (c) => c.toUpperCase() })).toBe(
      'Last met 6 rounds ago. Both picked HIKING',
    );
    expect(formatReason(describeGroup(['ana', 'di', 'eve'], meetingOf, 10, ['a', 'b', 'c']))).toBe(
      'First time meeting for everyone. All picked a, b and c',
    );
  });

  it('says when everyone has met, and keeps the structured detail', () => {
    const everyone = new Map([
      ['a|b', { times: 1, lastRound: 1 }],
      ['a|c', { times: 1, lastRound: 2 }],
      ['b|c', { times: 2, lastRound: 5 }],
    ]);
    const reason = describeGroup(['a', 'b', 'c'], (x, y) => everyone.get([x, y].sort().join('|')), 8);
    expect(formatReason(reason)).toBe('Everyone here has met before, most recently 3 rounds ago');
    expect(reason).toMatchObject({ kind: 'repeat', roundsAgo: 3, pairs: [{ members: ['b', 'c'], roundsAgo: 3, timesMet: 2 }, {}, {}] });
  });
});
