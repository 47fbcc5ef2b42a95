import { describe, expect, it } from 'vitest';
import { fitTitle, MODAL_TITLE_MAX, surveyModal } from '../../../src/enrollment/blocks.js';

describe("the survey modal's title", () => {
  it('fits Slack\'s 24 characters, cut at a word with an ellipsis', () => {
    expect(fitTitle('Buddy matching')).toBe('Buddy matching');
    expect(fitTitle('Engineering mentorship program 2026')).toBe('Engineering mentorship…');
    expect(fitTitle('Welcome, new hires: who would you like to meet?')).toBe('Welcome, new hires: who…');
    expect(fitTitle('Supercalifragilisticexpialidocious')).toBe('Supercalifragilisticexp…');
    for (const t of ['Engineering mentorship program 2026', 'a'.repeat(80), 'x '.repeat(40)]) expect(fitTitle(t).length).toBeLessThanOrEqual(MODAL_TITLE_MAX);
  });

  it('is what the modal carries', () => {
    const view = surveyModal({ shareId: 1, roleId: 2, title: 'Engineering mentorship program 2026', survey: { role_id: 2, questions: [] } });
    expect(view.type === 'modal' && view.title).toEqual({ type: 'plain_text', text: 'Engineering mentorship…' });
  });
});
