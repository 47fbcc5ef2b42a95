import { describe, expect, it } from 'vitest';
import { eligibleCandidates } from '../../../src/intros/pairing/index.js';

describe('eligibleCandidates', () => {
  const today = '2025-03-10';

  it('keeps active humans and names why everyone else is out', () => {
    const result = eligibleCandidates(
      [
        { id: 'ana' },
        { id: 'bot', isBot: true },
        { id: 'gone', deleted: true },
        { id: 'ext', isExternal: true },
        { id: 'ghost', ghost: true },
        { id: 'out', optedOut: true },
        { id: 'snoozed', snoozedUntil: '2025-03-11' },
        { id: 'back', snoozedUntil: '2025-03-10' },
        { id: 'past', snoozedUntil: '2025-01-01' },
        { id: 'ben', snoozedUntil: null },
      ],
      { today },
    );
    expect(result.eligible).toEqual(['ana', 'back', 'past', 'ben']);
    expect(result.excluded.map((e) => [e.id, e.reason])).toEqual([
      ['bot', 'bot'],
      ['gone', 'deactivated'],
      ['ext', 'external'],
      ['ghost', 'ghost'],
      ['out', 'opted_out'],
      ['snoozed', 'snoozed'],
    ]);
    expect(result.excluded.find((e) => e.id === 'snoozed')?.why).toBe('Snoozed until Tue, Mar 11');
  });

  it('names the first rule that applies and counts duplicates once', () => {
    const result = eligibleCandidates(
      [
        { id: 'x', deleted: true, isBot: true, optedOut: true },
        { id: 'y' },
        { id: 'y', isBot: true },
      ],
      { today },
    );
    expect(result.excluded).toEqual([{ id: 'x', reason: 'deactivated', why: 'Deactivated in Slack' }]);
    expect(result.eligible).toEqual(['y']);
  });

  it('accepts ISO timestamps for dates and rejects garbage', () => {
    expect(eligibleCandidates([{ id: 'a', snoozedUntil: '2025-03-11T00:00:00Z' }], { today }).eligible).toEqual([]);
    expect(() => eligibleCandidates([{ id: 'a', snoozedUntil: 'soon' }], { today })).toThrow(RangeError);
    expect(() => eligibleCandidates([], { today: '10/03/2025' })).toThrow(RangeError);
  });
});
