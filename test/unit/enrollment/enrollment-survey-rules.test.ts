import { describe, expect, it } from 'vitest';
import type { RoleSurvey } from '../../../src/enrollment/api-types.js';
import { missingAnswers, readAnswers } from '../../../src/enrollment/blocks.js';
import { suggestMatches } from '../../../src/enrollment/surveys.js';
import { copyQuestions, newQuestion, nextIsoMonday, setSecondSurvey, surveyProblems, withType } from '../../../src/enrollment/survey-rules.js';

const first: RoleSurvey = {
  role_id: 1,
  questions: [
    { id: 11, input_type: 'radio', query: 'Which area?', collect_feedback: true, optional: false, options: [{ id: 12, text: 'Backend' }, { id: 13, text: 'Frontend' }] },
    { id: 14, input_type: 'text', query: 'Anything else?', collect_feedback: false, optional: true, options: [] },
  ],
};

describe('enrollment survey copy rules', () => {
  it('turning the second survey on copies the first one’s questions without ids', () => {
    const [a, b] = setSecondSurvey([first], true, 2);
    expect(a).toBe(first);
    expect(b!.role_id).toBe(2);
    expect(b!.questions).toEqual([
      { input_type: 'radio', query: 'Which area?', collect_feedback: true, optional: false, options: [{ text: 'Backend' }, { text: 'Frontend' }] },
      { input_type: 'text', query: 'Anything else?', collect_feedback: false, optional: true, options: [] },
    ]);
    expect(JSON.stringify(b)).not.toContain('"id"');
    // The copy is its own: editing it leaves the first alone.
    b!.questions[0]!.options[0]!.text = 'Data';
    expect(first.questions[0]!.options[0]!.text).toBe('Backend');
  });

  it('turning it off keeps only the first; turning it on again keeps an existing second', () => {
    const two = setSecondSurvey([first], true, 2);
    expect(setSecondSurvey(two, false, 2)).toEqual([first]);
    expect(setSecondSurvey(two, true, 3)[1]).toBe(two[1]);
  });

  it('new questions start optional; radio and checkbox start with two blank options', () => {
    expect(newQuestion()).toEqual({ input_type: 'text', query: '', collect_feedback: false, optional: true, options: [] });
    expect(newQuestion('radio').options).toEqual([{ text: '' }, { text: '' }]);
    expect(newQuestion('checkbox')).toMatchObject({ optional: true, options: [{ text: '' }, { text: '' }] });
    expect(withType(newQuestion(), 'checkbox').options).toHaveLength(2);
    expect(withType(first.questions[0]!, 'text').options).toEqual([]);
    expect(copyQuestions([])).toEqual([]);
  });

  it('names what keeps a survey from being saved', () => {
    expect(surveyProblems([first])).toEqual({});
    expect(surveyProblems([])).toEqual({ role_enrollment_surveys: 'a survey has one or two role surveys' });
    expect(surveyProblems([first, first])).toEqual({ 'role_enrollment_surveys.1.role_id': 'choose a different role for the second survey' });
    expect(surveyProblems([{ role_id: 1, questions: [{ ...newQuestion('radio'), query: ' ' }] }])).toEqual({
      'role_enrollment_surveys.0.questions.0.query': "can't be blank",
      'role_enrollment_surveys.0.questions.0.options': 'needs at least two options',
    });
  });

  it('the default start date is the Monday of the next ISO week', () => {
    expect(nextIsoMonday('2026-03-02')).toBe('2026-03-09'); // a Monday
    expect(nextIsoMonday('2026-03-08')).toBe('2026-03-09'); // a Sunday
    expect(nextIsoMonday('2026-12-31')).toBe('2027-01-04');
  });
});

describe('survey answers and matching', () => {
  it('reads the modal and checks required questions before the ack', () => {
    expect(missingAnswers([0], {})).toEqual({ q0: 'Please answer this question' });
    expect(missingAnswers([0], { q0: { answer: { selected_option: { value: '1' } } } })).toEqual({});
    expect(readAnswers(first, { q0: { answer: { selected_option: { value: '1' } } }, q1: { answer: { value: '  hi ' } } })).toEqual({ 0: 'Frontend', 1: 'hi' });
  });

  it('matches with the pairing engine: everyone matched where possible, most shared answers first', () => {
    const survey = { role_surveys: [first, { role_id: 2, questions: copyQuestions(first.questions) }] };
    const sub = (id: number, role_id: number, area: string) => ({ id, role_id, answers: { 0: area }, matched_submission_id: null });
    const matches = suggestMatches(survey, [sub(1, 1, 'Backend'), sub(2, 1, 'Frontend'), sub(3, 2, 'Frontend'), sub(4, 2, 'Backend'), { ...sub(5, 2, 'Backend'), matched_submission_id: 9 }]);
    expect(matches).toEqual([
      { primary_submission_id: 1, matched_submission_id: 4 },
      { primary_submission_id: 2, matched_submission_id: 3 },
    ]);
    expect(suggestMatches({ role_surveys: [first] }, [sub(1, 1, 'Backend')])).toEqual([]);
  });
});
