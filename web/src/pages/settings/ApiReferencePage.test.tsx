import '../../test/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import type { OpenApiDoc } from './ApiReferencePage';

/** A document as the server generates it (src/http/openapi.ts): path and query parameters, a JSON body by $ref. */
const doc: OpenApiDoc = {
  info: { title: 'Hearth API' },
  paths: {
    '/points/wallets': {
      get: {
        tags: ['Points'],
        summary: 'The leaderboard',
        parameters: [{ name: 'order_dir', in: 'query', required: false, schema: { type: 'string', enum: ['asc', 'desc'] } }],
      },
    },
    '/rewards/{id}': {
      put: {
        tags: ['Rewards'],
        summary: 'Change a reward (admins)',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ListingBody' } } } },
      },
    },
  },
  components: { schemas: { ListingBody: { type: 'object', required: ['listing'], properties: { listing: { type: 'object', description: 'The reward’s fields' } } } } },
};

describe('/settings/api: the API reference', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('lists every call by area with what it takes, read from the OpenAPI document; in the Settings navigation', async () => {
    mockFetch((url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/api/openapi.json') return jsonResponse(doc);
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderApp('/settings/api');
    const rewards = await screen.findByRole('region', { name: 'Rewards' }, { timeout: 10_000 });
    // An area's calls show when asked for.
    expect(within(rewards).queryByRole('heading', { name: 'PUT /rewards/{id}' })).toBeNull();
    await userEvent.click(within(rewards).getByRole('button', { name: 'Show its call' }));
    expect(within(rewards).getByRole('button', { name: 'Hide its call' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(rewards).getByRole('heading', { name: 'PUT /rewards/{id}' })).toBeInTheDocument();
    const fields = within(rewards).getByRole('table', { name: 'What PUT /rewards/{id} takes' });
    const [, id, listing] = within(fields).getAllByRole('row');
    expect(id!.textContent).toBe('idPathwhole numberYes');
    expect(within(listing!).getByText('The reward’s fields')).toBeInTheDocument();
    expect(listing!.textContent).toContain('BodyobjectYes');
    const points = screen.getByRole('region', { name: 'Points' });
    await userEvent.click(within(points).getByRole('button', { name: 'Show its call' }));
    expect(within(points).getByText('one of asc, desc')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the OpenAPI document' })).toHaveAttribute('href', '/api/openapi.json');
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/settings/api');
  }, 30_000);
});
