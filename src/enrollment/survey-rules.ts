import type { QuestionType, RoleSurvey, SurveyQuestion } from './api-types.js';

// The enrollment survey editor's rules (programs.md §4, §5), pure so the page and the server share them.

/** Slack's limit on the options of radio buttons and checkboxes: a survey question may have no more. */
export const MAX_CHOICE_OPTIONS = 10;

/** A new question: optional; radio and checkbox start with two blank options. */
export function newQuestion(inputType: QuestionType = 'text'): SurveyQuestion {
  return { input_type: inputType, query: '', collect_feedback: false, optional: true, options: inputType === 'text' ? [] : [{ text: '' }, { text: '' }] };
}

/** A question given another type: choices keep their options (at least two), text has none. */
export function withType(q: SurveyQuestion, inputType: QuestionType): SurveyQuestion {
  if (inputType === 'text') return { ...q, input_type: inputType, options: [] };
  const options = [...q.options];
  while (options.length < 2) options.push({ text: '' });
  return { ...q, input_type: inputType, options };
}

/** The questions of a survey copied without their ids (or their options' ids): new questions to be saved. */
export function copyQuestions(questions: readonly SurveyQuestion[]): SurveyQuestion[] {
  return questions.map(({ id: _id, options, ...q }) => ({ ...q, options: options.map(({ id: _oid, ...o }) => o) }));
}

/**
 * Turning the second role's survey on copies the first one's questions without ids; turning it off keeps only the
 * first. A survey always has one or two role surveys.
 */
export function setSecondSurvey(surveys: readonly RoleSurvey[], on: boolean, secondRoleId: number): RoleSurvey[] {
  const first = surveys[0]!;
  if (!on) return [first];
  if (surveys[1]) return [first, surveys[1]];
  return [first, { role_id: secondRoleId, questions: copyQuestions(first.questions) }];
}

/** Why a survey cannot be saved, per field ('role_enrollment_surveys.0.questions.1.options'), or {} when it can. */
export function surveyProblems(surveys: readonly RoleSurvey[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (surveys.length < 1 || surveys.length > 2) problems.role_enrollment_surveys = 'a survey has one or two role surveys';
  if (surveys.length === 2 && surveys[0]!.role_id === surveys[1]!.role_id) problems['role_enrollment_surveys.1.role_id'] = 'choose a different role for the second survey';
  surveys.forEach((s, i) =>
    s.questions.forEach((q, j) => {
      const at = `role_enrollment_surveys.${i}.questions.${j}`;
      if (!q.query.trim()) problems[`${at}.query`] = "can't be blank";
      const options = q.options.filter((o) => o.text.trim()).length;
      if (q.input_type !== 'text' && options < 2) problems[`${at}.options`] = 'needs at least two options';
      // Slack's radio buttons and checkboxes take at most 10 options (a modal with more is refused).
      if (q.input_type !== 'text' && options > MAX_CHOICE_OPTIONS) problems[`${at}.options`] = `can have at most ${MAX_CHOICE_OPTIONS} options (Slack shows no more)`;
    }),
  );
  return problems;
}

/** The Monday of the next ISO week (the share's default start date), as 'YYYY-MM-DD', for a local date. */
export function nextIsoMonday(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const day = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 8 - day);
  return date.toISOString().slice(0, 10);
}
