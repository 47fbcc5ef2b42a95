import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../../test/utils';
import { tagDetail } from '../testing/fixtures';
import { PURPOSE_LABELS, roleRemoval, suggestPlural, validateNewRole } from './roleRules';
import { ROLES, defaultEvents } from '../testing/fixtures';
import { formOf, validate, withKind, withRecipientType } from '../events/eventForm';

describe('role rules', () => {
  test('plurals, names and what blocks removing a role', () => {
    expect(suggestPlural('Buddy')).toBe('Buddies');
    expect(suggestPlural('Boss')).toBe('Bosses');
    expect(suggestPlural('Mentor')).toBe('Mentors');
    expect(validateNewRole({ name: ' buddy ', plural_name: 'x', purpose: 'other' }, ROLES).name).toBe('There is already a role called buddy.');
    expect(validateNewRole({ name: '', plural_name: '', purpose: 'other' }, ROLES)).toEqual({ name: 'Give the role a name.', plural_name: 'Say what several of them are called.' });
    expect(roleRemoval(ROLES[0]!, defaultEvents())).toMatchObject({ allowed: false, reason: 'New hire is who the journey is for, so it cannot be removed.' });
    // The buddy is introduced by an active intro; the manager only gets an inactive message.
    expect(roleRemoval(ROLES[2]!, defaultEvents())).toMatchObject({ allowed: false, blocking: [expect.objectContaining({ id: 13 })] });
    expect(roleRemoval(ROLES[1]!, defaultEvents())).toEqual({ allowed: true });
  });
});

describe('event form rules', () => {
  test('recipient types set the kind and clear the role; polls need 2 to 10 answers', () => {
    const form = formOf(null, ROLES);
    expect(form).toMatchObject({ kind: 'message', recipient_type: 'role', role: 1 });
    const channel = withRecipientType(form, 'channel', ROLES);
    expect(channel).toMatchObject({ kind: 'channel_post', recipient_type: 'channel', role: null });
    const cohort = withRecipientType(channel, 'cohortChannel', ROLES);
    expect(cohort).toMatchObject({ kind: 'cohort_message', recipient_type: 'cohortChannel', role: null, channel_id: null });
    expect(withRecipientType(cohort, 'role', ROLES)).toMatchObject({ kind: 'message', recipient_type: 'role', role: 1 });
    expect(withKind(channel, 'task', ROLES)).toMatchObject({ kind: 'task', recipient_type: 'role', role: 1 });
    const poll = { ...withKind(form, 'poll', ROLES), title: 'Q', text: 'How?', poll_options: ['Only one', ''] };
    expect(validate(poll)).toEqual({ errors: { poll_options: 'A poll needs 2 to 10 answers.' } });
    expect(validate({ ...withRecipientType(form, 'channel', ROLES), title: 'T', text: 'x' })).toEqual({ errors: { channel_id: 'Pick a channel.' } });
    const ok = validate({ ...poll, poll_options: ['Yes', ' No '], when: { side: 'before', day: '1', time: '08:15' } });
    expect(ok).toEqual({ body: expect.objectContaining({ kind: 'poll', poll_options: ['Yes', 'No'], days_later: -1, minute_in_day: 495, role: 1, channel_id: null }) });
  });
});

function serve(extra?: (url: URL, init: RequestInit) => Response | undefined, detail: () => ReturnType<typeof tagDetail> = tagDetail) {
  return mockFetch((url, init) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
    if (url.pathname === '/onboarding/tags/7' && (init.method ?? 'GET') === 'GET') return jsonResponse(detail());
    return extra?.(url, init) ?? jsonResponse({ error: 'not here' }, 404);
  });
}

describe('roles tab', { timeout: 20_000 }, () => {
  test('the new-role modal checks the name, suggests the plural and adds the role to the journey', async () => {
    let body: unknown;
    const mentor = { id: 4, purpose: 'mentor' as const, primary: false, name: 'Mentor', plural_name: 'Mentors' };
    serve(
      (url, init) => {
        if (url.pathname === '/onboarding/roles' && init.method === 'POST') {
          body = JSON.parse(String(init.body));
          return jsonResponse({ role: mentor }, 201);
        }
        return undefined;
      },
      () => {
        const d = tagDetail();
        return body ? { ...d, roles: [...d.roles, mentor], tag: { ...d.tag, roleIds: [...d.tag.roleIds, 4] } } : d;
      },
    );
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7?tab=roles');
    await user.click(await screen.findByRole('button', { name: 'New role' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await user.type(within(dialog).getByLabelText('Name'), 'Buddy');
    await user.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect(within(dialog).getByText('There is already a role called Buddy.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveClass('kit-input');
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Mentor');
    expect(within(dialog).getByLabelText('Plural')).toHaveValue('Mentors');
    // The kit's fields: the name's error at the field, the purpose a kit Select.
    expect(within(dialog).getByRole('combobox', { name: 'What they do' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'What they do' }));
    await user.click(await screen.findByRole('option', { name: PURPOSE_LABELS.mentor }));
    await user.click(within(dialog).getByRole('button', { name: 'Add role' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New role' })).toBeNull());
    expect(body).toEqual({ role: { name: 'Mentor', plural_name: 'Mentors', purpose: 'mentor' }, tag_id: 7 });
    expect(within(screen.getByRole('list', { name: 'Roles in this journey' })).getByRole('heading', { name: 'Mentor' })).toBeInTheDocument();
  });

  test('the delete-role modal refuses while active messages use the role, and removes it otherwise', async () => {
    let asked: string | undefined;
    serve((url, init) => {
      if (url.pathname.startsWith('/onboarding/roles/') && init.method === 'DELETE') {
        asked = `${url.pathname}${url.search}`;
        return jsonResponse({ id: 2, removed_from: [7], deleted: false });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7?tab=roles');
    expect(await screen.findByRole('heading', { name: 'New hire' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove New hire' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Buddy' }));
    const blocked = await screen.findByRole('dialog', { name: 'Remove Buddy?' });
    expect(within(blocked).getByRole('alert')).toHaveTextContent('One active message uses Buddy. Send them to another role or deactivate them first.');
    expect(within(blocked).getByText('Meet your buddy')).toBeInTheDocument();
    expect(within(blocked).queryByRole('button', { name: 'Remove role' })).toBeNull();
    await user.click(within(blocked).getByRole('button', { name: 'Got it' }));

    await user.click(screen.getByRole('button', { name: 'Remove Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Manager?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove role' }));
    await waitFor(() => expect(asked).toBe('/onboarding/roles/2?tag_id=7'));
  });
});
