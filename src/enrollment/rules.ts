import type { Formula, ProcessingRule } from './api-types.js';

// Enrollment rules (journeys.md §3): processing_rule version 1 is a list of groups of formulas. A group holds when
// any of its formulas does (OR); the rule holds when every group does (AND). Pure: the rules page previews with it
// and the new-hire subscriber decides with it.

/** A new hire's fields as text, keyed by field name (department, location, employment_type …). */
export type Attributes = Readonly<Record<string, string | null | undefined>>;

const fold = (s: string) => s.trim().toLowerCase();

/** The field a formula names, found case-insensitively ('Department' and 'department' are one field). */
function fieldOf(attributes: Attributes, type: string): string | undefined {
  const key = Object.keys(attributes).find((k) => fold(k) === fold(type));
  const value = key === undefined ? undefined : attributes[key];
  return value === null || value === undefined ? undefined : value;
}

/** One formula; text comparisons ignore case and surrounding spaces. */
export function formulaHolds(formula: Formula, attributes: Attributes): boolean {
  const raw = fieldOf(attributes, formula.type);
  const value = raw === undefined ? '' : fold(raw);
  const want = fold(formula.value);
  switch (formula.operator) {
    case 'is_present':
      return value !== '';
    case 'is_blank':
      return value === '';
    case 'equals':
      return value === want;
    case 'not_equals':
      return value !== want;
    case 'contains':
      return want !== '' && value.includes(want);
    case 'not_contains':
      return want === '' || !value.includes(want);
    case 'starts_with':
      return want !== '' && value.startsWith(want);
    case 'in':
      return want
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
        .includes(value);
  }
}

/** The whole rule: OR within a group, AND across groups. No groups (or only empty ones): everyone. */
export function ruleMatches(rule: ProcessingRule, attributes: Attributes): boolean {
  return rule.groups.filter((g) => g.formulas.length > 0).every((g) => g.formulas.some((f) => formulaHolds(f, attributes)));
}
