import { describe, expect, it } from 'vitest';
import { DEFAULT_DOZEN_KEY, LIBRARY, libraryPromptKey, libraryPromptText } from '../../../src/watercooler/library.js';
import { sameText } from '../../../src/watercooler/suggest.js';
import { WATERCOOLER_TEMPLATES, templateSettings } from '../../../src/watercooler/templates.js';

describe('the shipped prompt library', () => {
  it('has at least 8 packs of 12 or more prompts, with unique keys and names', () => {
    expect(LIBRARY.length).toBeGreaterThanOrEqual(8);
    for (const pack of LIBRARY) expect(pack.prompts.length, pack.name).toBeGreaterThanOrEqual(12);
    expect(new Set(LIBRARY.map((p) => p.key)).size).toBe(LIBRARY.length);
    expect(new Set(LIBRARY.map((p) => p.name)).size).toBe(LIBRARY.length);
  });

  it('gives the free plan exactly one pack: the Default Dozen, of twelve', () => {
    const free = LIBRARY.filter((p) => p.isFree);
    expect(free.map((p) => p.key)).toEqual([DEFAULT_DOZEN_KEY]);
    expect(free[0]!.name).toBe('Default Dozen');
    expect(free[0]!.prompts).toHaveLength(12);
  });

  it('covers the themes people ask for', () => {
    const names = LIBRARY.map((p) => p.name.toLowerCase()).join(' | ');
    for (const theme of ['getting to know you', 'remote work', 'food', 'hobbies', 'would you rather', 'work style', 'fun friday', 'reflection']) expect(names).toContain(theme);
  });

  it('has well-formed prompts: a question or invitation, short enough for a Slack header, never repeated', () => {
    const all = LIBRARY.flatMap((p) => p.prompts.map((x) => ({ pack: p.key, text: libraryPromptText(x) })));
    for (const { pack, text } of all) {
      expect(text, pack).toBe(text.trim());
      expect(text.length, text).toBeLessThanOrEqual(150);
      expect(text, text).toMatch(/[?.]$/);
      expect(text, text).not.toMatch(/\s{2}/);
    }
    for (const [i, a] of all.entries()) for (const b of all.slice(i + 1)) expect(sameText(a.text, b.text), `${a.text} | ${b.text}`).toBe(false);
  });

  it('stays work-appropriate and inclusive: no drinking, dating, politics, religion, money or body talk', () => {
    const banned = /\b(beer|wine|drunk|alcohol|cocktail|date night|dating|boyfriend|girlfriend|husband|wife|politic|religio|church|salary|rich|weight|diet|kids|children|parents)\b/i;
    for (const pack of LIBRARY) for (const p of pack.prompts) expect(libraryPromptText(p)).not.toMatch(banned);
  });

  it('keys prompts by pack and 1-based index', () => {
    expect(libraryPromptKey('food', 0)).toBe('food:1');
  });

  it('templates name packs that exist; the first is the free plan’s Default Dozen', () => {
    const keys = new Set(LIBRARY.map((p) => p.key));
    for (const t of WATERCOOLER_TEMPLATES) {
      expect(t.type).toBe('Watercooler');
      const s = templateSettings(t);
      for (const k of s.packs) expect(keys.has(k), `${t.id}: ${k}`).toBe(true);
      expect(s.weekdays.length).toBeGreaterThan(0);
    }
    expect(templateSettings(WATERCOOLER_TEMPLATES[0]!).packs).toEqual([DEFAULT_DOZEN_KEY]);
  });
});
