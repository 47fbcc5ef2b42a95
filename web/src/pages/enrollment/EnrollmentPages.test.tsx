import '../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { EnrollmentSettingsAnswer, SavedSessionAnswer, SurveyResponsesAnswer } from '../../../../src/enrollment/api-types';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import { MAX_OPTIONS_TEXT } from './NewSurveyPage';
import { initialMatches, matchesBody } from './SurveyResponsesPage';

const ROLES = [
  { id: 1, purpose: 'primary', primary: true, name: 'New hire', plural_name: 'New hires' },
  { id: 2, purpose: 'manager', primary: false, name: 'Manager', plural_name: 'Managers' },
  { id: 3, purpose: 'buddy', primary: false, name: 'Buddy', plural_name: 'Buddies' },
];
const TAG = { id: 5, name: 'Engineering onboarding', flow_type: 'onboarding', roleIds: [1, 2, 3], role_selection_settings: {} };
const TAGS = { tags: [TAG], flow_types: [{ routeResource: 'onboarding', is_onboarding: true, primaryRolePlural: 'New hires' }], limits: {} };
const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

afterEach(() => sessionStorage.clear());

describe('/onboarding/tags/enrollment: HR mappings', () => {
  const settings: EnrollmentSettingsAnswer = {
    team_id: 1,
    enrollment_source: 'auto_enroll',
    default_tag_ids: [5],
    mappings: [{ hris_type: 'department', hris_value: 'Engineering', category_value: null, target_ids: [5] }],
    exclusions: [],
    channel_joins: { tag_ids: [] },
    enrollment_rules: [],
    formula_types: ['department', 'location'],
    paid: true,
  };

  test('edits mappings and exclusions, saves them with PATCH, and shows the field the server refuses', async () => {
    const sent: Array<Record<string, unknown>> = [];
    let refuse = true;
    mockFetch(async (url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding/enrollment_settings') return jsonResponse(settings);
      if (url.pathname === '/onboarding/tags') return jsonResponse(TAGS);
      if (url.pathname === '/onboarding/tags/hris_category_mappings/bulk_update' && init.method === 'PATCH') {
        sent.push(body(init));
        return refuse ? jsonResponse({ error: "mappings.1.hris_value: can't be blank", fields: { 'mappings.1.hris_value': "can't be blank" } }, 400) : jsonResponse(settings);
      }
      return jsonResponse({}, 404);
    });
    renderApp('/onboarding/tags/enrollment');
    const section = await screen.findByRole('region', { name: 'HR mappings' });
    // The chosen source says what it does.
    expect(screen.getByText('Each new hire from your HR system joins the journeys their HR fields map to, below.')).toBeInTheDocument();
    expect((within(section).getByLabelText('Mapping 1 value') as HTMLInputElement).value).toBe('Engineering');
    fireEvent.click(within(section).getByRole('button', { name: 'Add a mapping' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Add an exclusion' }));
    fireEvent.change(within(section).getByLabelText('Exclusion 1 value'), { target: { value: 'Contractor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText("can't be blank")).toBeTruthy();
    expect(sent[0]).toEqual({
      enrollment_source: 'auto_enroll',
      default_tag_ids: [5],
      mappings: [
        { hris_type: 'department', hris_value: 'Engineering', category_value: null, target_ids: [5] },
        { hris_type: 'department', hris_value: '', target_ids: [] },
      ],
      exclusions: [{ hris_type: 'department', hris_value: 'Contractor' }],
      channel_joins: { tag_ids: [] },
    });
    refuse = false;
    fireEvent.change(within(section).getByLabelText('Mapping 2 value'), { target: { value: 'Data' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1]!.mappings as Array<{ hris_value: string }>)[1]!.hris_value).toBe('Data');
    await waitFor(() => expect(within(section).queryByText("can't be blank")).toBeNull());
  });

  test('is not shown for enrollment rules or manual enrollment', async () => {
    mockFetch(async (url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding/enrollment_settings') return jsonResponse({ ...settings, enrollment_source: 'none' });
      if (url.pathname === '/onboarding/tags') return jsonResponse(TAGS);
      return jsonResponse({}, 404);
    });
    renderApp('/onboarding/tags/enrollment');
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('region', { name: 'HR mappings' })).toBeNull();
  });
});

describe('/onboarding/tags/5/enrollment_surveys/new: the survey editor', () => {
  test('a choice question stops at 10 options (Slack shows no more) and says why; options beyond two can be removed', async () => {
    mockFetch(async (url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding/tags/5') return jsonResponse({ tag: TAG, roles: ROLES, events: [] });
      if (url.pathname === '/onboarding/preset_enrollment_surveys/index_as_json') return jsonResponse({ preset_enrollment_surveys: [] });
      return jsonResponse({}, 404);
    });
    renderApp('/onboarding/tags/5/enrollment_surveys/new');
    const question = await screen.findByRole('group', { name: 'Question 1' });
    fireEvent.click(within(question).getByRole('combobox', { name: 'Answer' }));
    fireEvent.click(await screen.findByRole('option', { name: 'One choice' }));
    // Two options to start, which a choice needs: neither can be removed.
    expect(within(question).getByLabelText('Option 2')).toBeInTheDocument();
    expect(within(question).queryByRole('button', { name: /^Remove option/ })).toBeNull();
    for (let n = 3; n <= 10; n++) {
      fireEvent.click(within(question).getByRole('button', { name: 'Add an option' }));
      expect(within(question).getByLabelText(`Option ${n}`)).toBeInTheDocument();
    }
    expect(within(question).queryByRole('button', { name: 'Add an option' })).toBeNull();
    expect(within(question).getByText(MAX_OPTIONS_TEXT)).toBeInTheDocument();
    expect(MAX_OPTIONS_TEXT).toBe('A question can have at most 10 options: Slack shows no more.');
    // Removing one takes that option away (the others keep their text) and offers the add button again.
    fireEvent.change(within(question).getByLabelText('Option 5'), { target: { value: 'Fifth' } });
    fireEvent.click(within(question).getByRole('button', { name: 'Remove option 4' }));
    expect(within(question).queryByLabelText('Option 10')).toBeNull();
    expect(within(question).getByLabelText('Option 4')).toHaveValue('Fifth');
    expect(within(question).getByRole('button', { name: 'Add an option' })).toBeInTheDocument();
  });
});

describe('/onboarding/tags/5/enrollment_surveys/9/responses: responses and matching', () => {
  const question = { id: 1, input_type: 'radio' as const, query: 'Which area?', collect_feedback: false, optional: false, options: [{ id: 2, text: 'Backend' }] };
  const submission = (id: number, name: string, role_id: number, over = {}) => ({ id, member: { id: id * 10, name, slack_user_id: `U${id}` }, role_id, answers: { 0: 'Backend' }, session_id: null, matched_submission_id: null, created_at: '2026-03-02T10:00:00.000Z', ...over });
  const answer: SurveyResponsesAnswer = {
    survey: { id: 9, tag_id: 5, name: 'Buddy matching', role_enrollment_surveys: [{ role_id: 1, questions: [question] }, { role_id: 3, questions: [question] }] },
    submissions: [submission(11, 'Diego', 1, { session_id: 40 }), submission(12, 'Chloé', 1), submission(21, 'Ananya', 3)],
    suggested: [{ primary_submission_id: 11, matched_submission_id: 21 }],
  };

  test('the pure rules: saved matches to start from, and the PUT body with each answer’s session', () => {
    expect(initialMatches({ ...answer, submissions: [submission(11, 'Diego', 1, { matched_submission_id: 21 }), submission(21, 'Ananya', 3)] })).toEqual({ 11: 21 });
    expect(matchesBody(answer, { 11: 21, 12: null })).toEqual({ matches: [{ primary_submission_id: 11, matched_submission_id: 21, session_id: 40 }] });
  });

  test('lists the answers, takes the suggested matches and saves them; a refusal is shown', async () => {
    const sent: Array<Record<string, unknown>> = [];
    let refuse = true;
    mockFetch(async (url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding/tags/5') return jsonResponse({ tag: TAG, roles: ROLES, flow_type: TAGS.flow_types[0], events: [], limits: {} });
      if (url.pathname === '/onboarding/tags/5/enrollment_surveys/9/responses') {
        if (init.method !== 'PUT') return jsonResponse(answer);
        sent.push(body(init));
        return refuse
          ? jsonResponse({ error: 'matches.0.matched_submission_id: is not an answer of the second role', fields: { 'matches.0.matched_submission_id': 'is not an answer of the second role' } }, 400)
          : jsonResponse({ ...answer, submissions: answer.submissions.map((s) => (s.id === 11 ? { ...s, matched_submission_id: 21 } : s.id === 21 ? { ...s, matched_submission_id: 11 } : s)) });
      }
      return jsonResponse({}, 404);
    });
    renderApp('/onboarding/tags/5/enrollment_surveys/9/responses');
    const table = await screen.findByRole('table', { name: 'Responses' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByText('Which area?')).toHaveLength(3);
    const matching = screen.getByRole('region', { name: 'Matching' });
    fireEvent.click(within(matching).getByRole('button', { name: 'Use suggested matches' }));
    fireEvent.click(within(matching).getByRole('button', { name: 'Save matches' }));
    expect(await within(matching).findByRole('alert')).toHaveTextContent('is not an answer of the second role');
    expect(sent[0]).toEqual({ matches: [{ primary_submission_id: 11, matched_submission_id: 21, session_id: 40 }] });
    refuse = false;
    fireEvent.click(within(matching).getByRole('button', { name: 'Save matches' }));
    await waitFor(() => expect(within(table).getAllByText('Ananya')).toHaveLength(2));
    expect(within(matching).queryByRole('alert')).toBeNull();
  });
});

describe('/onboarding/manual_enrollment?session_id=77: a saved session in the form', () => {
  const saved: SavedSessionAnswer = {
    editable: true,
    session: {
      id: 77,
      start_date: '2026-04-06',
      tag_ids: [5],
      time_zone_name: 'sync',
      memberships: [
        { role_id: 1, user_id: 10, user_name: 'Olivia Brown', email: null, role_selection: null },
        { role_id: 2, user_id: 11, user_name: 'Lena Fischer', email: null, role_selection: null },
      ],
    },
  };

  test('opens it as a row, changes its date and sends it back with its id (replacing memberships); a started one is only named', async () => {
    const sent: Array<Record<string, unknown>> = [];
    mockFetch(async (url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding/tags') return jsonResponse(TAGS);
      if (url.pathname === '/onboarding/tags/5/fetch_roles_as_json') return jsonResponse({ roleIds: [1, 2, 3], roles: ROLES, role_selection_settings: {} });
      if (url.pathname === '/onboarding/manual_enrollment/sessions/77') return jsonResponse(saved);
      if (url.pathname === '/onboarding/manual_enrollment/sessions/78') return jsonResponse({ ...saved, editable: false, session: { ...saved.session, id: 78 } });
      if (url.pathname === '/onboarding/manual_enrollment' && init.method === 'POST') {
        sent.push(body(init));
        return jsonResponse({ error: 'sessions.0.start_date: must be a date (YYYY-MM-DD)', fields: { 'sessions.0.start_date': 'must be a date (YYYY-MM-DD)' } }, 400);
      }
      return jsonResponse({}, 404);
    });
    renderApp('/onboarding/manual_enrollment?session_id=77&session_id=78');
    const row = await screen.findByRole('region', { name: 'Row 1' });
    expect(screen.queryByRole('region', { name: 'Row 2' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('One session has already started');
    // The kit date field: shown and typed as mm/dd/yyyy, sent as the plain date.
    const date = within(row).getByLabelText('Start date') as HTMLInputElement;
    expect(date.value).toBe('04/06/2026');
    fireEvent.change(date, { target: { value: '04/13/2026' } });
    fireEvent.blur(date);
    expect(within(row).getByText('Lena Fischer')).toBeTruthy();
    const save = screen.getByRole('button', { name: /Save changes/ });
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ preserve: false, session_ids_to_delete: [], sessions: [{ id: 77, start_date: '2026-04-13', tag_ids: [5], time_zone_name: 'sync' }] });
    expect((sent[0]!.sessions as Array<{ memberships: Array<{ role_id: number; user_id: number | null }> }>)[0]!.memberships.map((m) => [m.role_id, m.user_id])).toEqual([
      [1, 10],
      [2, 11],
    ]);
    await waitFor(() => expect(save).not.toBeDisabled());
    vi.unstubAllGlobals();
  });
});

describe('/onboarding/batches?batch_id=4: the back link goes to the batch’s own page', () => {
  test('Back leads to /onboarding/batches/4, which shows that batch and links to all batches', async () => {
    const asked: string[] = [];
    mockFetch((url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding/batches') {
        asked.push(url.searchParams.get('batch_id') ?? '');
        return jsonResponse({ batches: [], batch: { id: 4, flow: 'onboarding', tag_id: null, source: 'manual', status: 'success', error: null, sessions_created: 0, sessions_updated: 0, sessions_deleted: 0, created_by: null, created_at: '2026-03-02T08:00:00.000Z', finished_at: null, enrollments: [] } });
      }
      return jsonResponse({}, 404);
    });
    const { router } = renderApp('/onboarding/batches?batch_id=4');
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back.getAttribute('href')).toBe('/onboarding/batches/4');
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/batches/4'));
    expect(await screen.findByRole('link', { name: 'All batches' })).toHaveAttribute('href', '/onboarding/batches');
    expect(await screen.findByRole('heading', { name: /Batch 4/ })).toBeTruthy();
    expect(asked.at(-1)).toBe('4');
    vi.unstubAllGlobals();
  });
});
