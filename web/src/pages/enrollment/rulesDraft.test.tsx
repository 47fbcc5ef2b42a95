import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, draftKey, loadDraft, RULE_DRAFT_DELAY_MS, useRulesDraftAutosave, type RulesDraft } from './rulesDraft';

const rule = (value: string): RulesDraft => [
  { integration_identity_type: 'HrisIdentity', integration_identity_id: null, target_class: 'Onboarding::Tag', tag_ids: [1], processing_rule: { version: 1, groups: [{ formulas: [{ type: 'department', operator: 'equals', value }] }] } },
];

describe('enrollment rule drafts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('saves 500 ms after the last change, per team', () => {
    const { rerender } = renderHook(({ draft, team }) => useRulesDraftAutosave(team, draft), { initialProps: { draft: rule('Sales'), team: 7 } });
    act(() => void vi.advanceTimersByTime(RULE_DRAFT_DELAY_MS - 100));
    rerender({ draft: rule('Engineering'), team: 7 });
    act(() => void vi.advanceTimersByTime(RULE_DRAFT_DELAY_MS - 1));
    expect(sessionStorage.getItem(draftKey(7))).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(loadDraft(7)).toEqual(rule('Engineering'));
    expect(loadDraft(8)).toBeNull();
    clearDraft(7);
    expect(loadDraft(7)).toBeNull();
  });

  it('ignores a broken draft', () => {
    sessionStorage.setItem(draftKey(3), '{not json');
    expect(loadDraft(3)).toBeNull();
  });
});
