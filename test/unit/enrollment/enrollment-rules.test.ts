import { describe, expect, it } from 'vitest';
import type { Formula, ProcessingRule } from '../../../src/enrollment/api-types.js';
import { formulaHolds, ruleMatches } from '../../../src/enrollment/rules.js';

const hire = { Department: 'Engineering', location: ' Berlin ', employment_type: 'Full-time', title: 'Senior Engineer', team: '' };
const f = (type: string, operator: Formula['operator'], value = ''): Formula => ({ type, operator, value });
const rule = (...groups: Formula[][]): ProcessingRule => ({ version: 1, groups: groups.map((formulas) => ({ formulas })) });

describe('enrollment rule formulas', () => {
  it.each([
    [f('department', 'equals', 'engineering'), true],
    [f('DEPARTMENT', 'equals', 'Sales'), false],
    [f('location', 'equals', 'berlin'), true],
    [f('department', 'not_equals', 'Sales'), true],
    [f('department', 'not_equals', 'engineering'), false],
    [f('title', 'contains', 'engineer'), true],
    [f('title', 'contains', ''), false],
    [f('title', 'not_contains', 'manager'), true],
    [f('title', 'not_contains', 'senior'), false],
    [f('title', 'starts_with', 'senior'), true],
    [f('title', 'starts_with', 'engineer'), false],
    [f('location', 'in', 'London, Berlin ,Paris'), true],
    [f('location', 'in', 'London,Paris'), false],
    [f('location', 'in', ''), false],
    [f('team', 'is_blank'), true],
    [f('missing', 'is_blank'), true],
    [f('team', 'is_present'), false],
    [f('department', 'is_present'), true],
    [f('missing', 'equals', ''), true],
    [f('missing', 'not_equals', 'x'), true],
  ])('%o → %s', (formula, expected) => {
    expect(formulaHolds(formula, hire)).toBe(expected);
  });
});

describe('enrollment rules: OR within a group, AND across groups', () => {
  it('a group holds when any formula does', () => {
    expect(ruleMatches(rule([f('department', 'equals', 'Sales'), f('department', 'equals', 'Engineering')]), hire)).toBe(true);
    expect(ruleMatches(rule([f('department', 'equals', 'Sales'), f('department', 'equals', 'Legal')]), hire)).toBe(false);
  });

  it('every group must hold', () => {
    const engineersInBerlinOrParis = rule([f('department', 'equals', 'Engineering')], [f('location', 'equals', 'Berlin'), f('location', 'equals', 'Paris')]);
    expect(ruleMatches(engineersInBerlinOrParis, hire)).toBe(true);
    expect(ruleMatches(engineersInBerlinOrParis, { ...hire, location: 'London' })).toBe(false);
    expect(ruleMatches(engineersInBerlinOrParis, { ...hire, Department: 'Sales' })).toBe(false);
  });

  it('no groups, or only empty ones, match everyone', () => {
    expect(ruleMatches(rule(), hire)).toBe(true);
    expect(ruleMatches(rule([]), {})).toBe(true);
    expect(ruleMatches(rule([], [f('department', 'equals', 'Sales')]), hire)).toBe(false);
  });

  it('null and undefined fields read as blank', () => {
    expect(ruleMatches(rule([f('department', 'is_blank')]), { department: null })).toBe(true);
    expect(ruleMatches(rule([f('department', 'is_present')]), { department: undefined })).toBe(false);
  });
});
