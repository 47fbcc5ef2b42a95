import '../../../test/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { authoredMrkdwn } from '../../../../../src/slack/mrkdwn';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../../test/utils';
import { tagDetail } from '../testing/fixtures';

/**
 * The message editor's preview shows an admin's deliberate mentions and links as Slack will: the server builds the
 * draft with the sender's own builder (`authoredMrkdwn`, used here to answer as the server does) and names the
 * people it mentions; the page draws `<@U…>` as "@Name" and `<url|text>` as a link.
 */
describe('the journey message editor preview', { timeout: 20_000 }, () => {
  test('shows {@U…} as @Name and [text](url) as a link', async () => {
    mockFetch((url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding/tags/7' && (init.method ?? 'GET') === 'GET') return jsonResponse(tagDetail());
      if (url.pathname === '/onboarding/tags/7/events/preview' && init.method === 'POST') {
        const { onboarding_schedule_event: draft } = JSON.parse(String(init.body)) as { onboarding_schedule_event: { text: string } };
        const text = authoredMrkdwn(draft.text);
        return jsonResponse({ text, blocks: [{ type: 'section', block_id: 'd', text: { type: 'mrkdwn', text } }], user_names: { U0DEMO003: 'Grace Kim' } });
      }
      if (/^\/onboarding\/events\/\d+\/preview$/.test(url.pathname)) return jsonResponse({ text: 'Welcome!', blocks: [] });
      return jsonResponse({ error: 'not here' }, 404);
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7');
    await user.click(await screen.findByRole('button', { name: /^Message:.*Welcome aboard/ }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: /Welcome aboard/ });
    const text = within(dialog).getByLabelText('Message');
    await user.clear(text);
    // userEvent reads { and [ as key names: doubled, they are typed as themselves.
    await user.type(text, 'Say hi to {{@U0DEMO003} and read [[the handbook](https://example.com/hb) & <!channel>');

    const link = await within(dialog).findByRole('link', { name: 'the handbook' });
    expect(link).toHaveAttribute('href', 'https://example.com/hb');
    const preview = within(dialog).getByRole('article', { name: 'Message preview' });
    expect(preview).toHaveTextContent('Say hi to @Grace Kim and read the handbook & <!channel>');
    expect(within(preview).getByText('@Grace Kim')).toHaveClass('mrkdwn-mention');
  });
});
