import { useEffect } from 'react';
import type { EnrollmentRuleJson } from '../../../../src/enrollment/api-types';

/** journeys.md §9: the enrollment rule draft is saved 500 ms after the last change, per team, in session storage. */
export const RULE_DRAFT_DELAY_MS = 500;

/** The rules being edited: the saved rules' JSON without their ids (what PUT /onboarding/enrollment_rules takes). */
export type RulesDraft = Array<Omit<EnrollmentRuleJson, 'id' | 'team_id'>>;

export const draftKey = (teamId: number) => `hearth:enrollment-rules-draft:${teamId}`;

export function loadDraft(teamId: number, storage: Storage = sessionStorage): RulesDraft | null {
  try {
    const raw = storage.getItem(draftKey(teamId));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return Array.isArray(parsed) ? (parsed as RulesDraft) : null;
  } catch {
    return null;
  }
}

export function clearDraft(teamId: number, storage: Storage = sessionStorage): void {
  storage.removeItem(draftKey(teamId));
}

/** Saves `draft` for the team 500 ms after it last changed (null: nothing to save). */
export function useRulesDraftAutosave(teamId: number, draft: RulesDraft | null, storage: Storage = sessionStorage): void {
  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(() => storage.setItem(draftKey(teamId), JSON.stringify(draft)), RULE_DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [teamId, draft, storage]);
}
