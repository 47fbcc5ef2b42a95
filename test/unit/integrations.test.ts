import { describe, expect, it } from 'vitest';
import { variantFor } from '../../src/integrations/field-test.js';
import { nextLink } from '../../src/integrations/greenhouse.js';
import { isNewHire } from '../../src/integrations/people.js';

describe('experiment variants', () => {
  it('are stable per member and experiment, and spread members over the variants', () => {
    const variants = ['control', 'a', 'b'];
    expect(variantFor('banner', 'T1:U1', variants)).toBe(variantFor('banner', 'T1:U1', variants));
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const v = variantFor('banner', `T1:U${i}`, variants);
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    for (const v of variants) expect(counts.get(v)).toBeGreaterThan(850);
    // Another experiment assigns independently.
    const differ = Array.from({ length: 200 }, (_, i) => variantFor('banner', `T1:U${i}`, variants) !== variantFor('menu', `T1:U${i}`, variants));
    expect(differ.filter(Boolean).length).toBeGreaterThan(50);
  });
});

describe('new hires', () => {
  const today = '2026-03-02';
  it('start today or later, or are pending; people who left never are', () => {
    expect(isNewHire({ start_date: '2026-03-02', employment_status: 'ACTIVE' }, today)).toBe(true);
    expect(isNewHire({ start_date: '2026-04-01', employment_status: null }, today)).toBe(true);
    expect(isNewHire({ start_date: '2026-03-01', employment_status: 'ACTIVE' }, today)).toBe(false);
    expect(isNewHire({ start_date: null, employment_status: 'PENDING' }, today)).toBe(true);
    expect(isNewHire({ start_date: null, employment_status: null }, today)).toBe(false);
    expect(isNewHire({ start_date: '2026-04-01', employment_status: 'INACTIVE' }, today)).toBe(false);
  });
});

describe("Harvest's Link header", () => {
  it('reads the next page and nothing else', () => {
    const next = 'https://harvest.greenhouse.io/v1/candidates?page=2&per_page=500';
    expect(nextLink(`<${next}>; rel="next", <https://harvest.greenhouse.io/v1/candidates?page=9&per_page=500>; rel="last"`)).toBe(next);
    expect(nextLink('<https://harvest.greenhouse.io/v1/candidates?page=1>; rel="prev", <https://harvest.greenhouse.io/v1/candidates?page=1>; rel="last"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });
});
