import '../../test/setup';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/utils';
import { ChannelPicker, channelPlaceholder, channelSearchParams } from './ChannelPicker';
import type { SelectOption } from './options';
import {
  REMOTE_SEARCH_DEBOUNCE_MS,
  RemoteSearchCache,
  remoteSearchCache,
  searchAddress,
  searchUrl,
  useRemoteSearch,
  type RemoteSearchFetcher,
} from './remoteSearch';

const CHANNELS = [
  { uid: 'C1', name: 'general' },
  { uid: 'C2', name: 'engineering' },
  { uid: 'C3', name: 'eng-frontend' },
  { uid: 'C4', name: 'random' },
];

function serverSearch(text: string) {
  return CHANNELS.filter((c) => c.name.includes(text.toLowerCase()));
}

describe('cache', () => {
  test('per address; exact hits; the closest cached shorter text is reused', () => {
    const cache = new RemoteSearchCache();
    const address = searchAddress('/channels/search', { include_private: 0 });
    cache.set(address, 'e', serverSearch('e'), 'uid');
    cache.set(address, 'en', serverSearch('en'), 'uid');
    expect(cache.get(address, 'en')?.map((c) => c.uid)).toEqual(['C1', 'C2', 'C3']);
    expect(cache.get(address, 'EN')?.map((c) => c.uid)).toEqual(['C1', 'C2', 'C3']);
    expect(cache.closest(address, 'eng')).toEqual({ text: 'en', items: serverSearch('en') });
    expect(cache.closest(address, 'en')?.text).toBe('e');
    expect(cache.closest(address, 'x')).toBeUndefined();
    const other = searchAddress('/channels/search', { include_private: 1 });
    expect(cache.get(other, 'en')).toBeUndefined();
    expect(cache.closest(other, 'eng')).toBeUndefined();
    expect(cache.option(address, 'C3')).toEqual({ uid: 'C3', name: 'eng-frontend' });
  });

  test('addresses ignore parameter order; urls put query first', () => {
    expect(searchAddress('/s', { b: 1, a: 2 })).toBe(searchAddress('/s', { a: 2, b: 1 }));
    expect(searchUrl('/channels/search', 'eng team', { include_shared: 1 })).toBe('/channels/search?query=eng+team&include_shared=1');
  });
});

describe('useRemoteSearch', () => {
  function setup(initial: string) {
    const fetcher = vi.fn<RemoteSearchFetcher>(async (url) => serverSearch(new URL(url, 'http://x').searchParams.get('query') ?? ''));
    const hook = renderHook(
      ({ text }) => useRemoteSearch(text, { path: '/channels/search', params: { include_private: 0 }, fetcher, valueKey: 'uid', labelKey: 'name' }),
      { initialProps: { text: initial } },
    );
    return { fetcher, ...hook };
  }

  test('empty text does not search', async () => {
    vi.useFakeTimers();
    const { result, fetcher } = setup('   ');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetcher).not.toHaveBeenCalled();
    expect(result.current).toEqual({ status: 'idle', items: [], provisional: false });
  });

  test('waits 350 ms after the last change: searching → loading → list', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    const fetcher = vi.fn<RemoteSearchFetcher>(
      (url) => new Promise((r) => (release = () => r(serverSearch(new URL(url, 'http://x').searchParams.get('query')!)))),
    );
    const { result, rerender } = renderHook(
      ({ text }) => useRemoteSearch(text, { fetcher, valueKey: 'uid', labelKey: 'name' }),
      { initialProps: { text: 'g' } },
    );
    expect(result.current.status).toBe('searching');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    rerender({ text: 'ge' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REMOTE_SEARCH_DEBOUNCE_MS - 1);
    });
    expect(fetcher).not.toHaveBeenCalled();
    expect(result.current.status).toBe('searching');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0]![0]).toBe('/channels/search?query=ge');
    expect(result.current.status).toBe('loading');
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current).toEqual({ status: 'done', items: [{ uid: 'C1', name: 'general' }], provisional: false });
    expect(REMOTE_SEARCH_DEBOUNCE_MS).toBe(350);
  });

  test('a longer text shows the shorter text’s results filtered locally while its own request runs', async () => {
    vi.useFakeTimers();
    const { result, rerender, fetcher } = setup('en');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REMOTE_SEARCH_DEBOUNCE_MS);
    });
    expect(result.current.items.map((c) => c.uid)).toEqual(['C1', 'C2', 'C3']);

    rerender({ text: 'eng' });
    expect(result.current.status).toBe('searching');
    expect(result.current.provisional).toBe(true);
    expect(result.current.items.map((c) => c.uid)).toEqual(['C2', 'C3']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REMOTE_SEARCH_DEBOUNCE_MS);
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ status: 'done', provisional: false });

    // Back to a text already answered: from the cache, no request.
    rerender({ text: 'en' });
    expect(result.current.status).toBe('done');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  test('a failed request ends in error', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn<RemoteSearchFetcher>().mockRejectedValue(new Error('boom'));
    const { result } = renderHook(() => useRemoteSearch('x', { fetcher, valueKey: 'uid', labelKey: 'name' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REMOTE_SEARCH_DEBOUNCE_MS);
    });
    expect(result.current).toEqual({ status: 'error', items: [], provisional: false });
  });

  test('the shared cache is used by default', async () => {
    vi.useFakeTimers();
    setup('ran');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REMOTE_SEARCH_DEBOUNCE_MS);
    });
    expect(remoteSearchCache.get(searchAddress('/channels/search', { include_private: 0 }), 'ran')).toEqual([{ uid: 'C4', name: 'random' }]);
  });
});

describe('ChannelPicker', () => {
  test('placeholders', () => {
    expect(channelPlaceholder(true)).toBe('Search Slack channels...');
    expect(channelPlaceholder(false)).toBe('Search public Slack channels...');
    const { unmount } = render(<ChannelPicker aria-label="Channel" includePrivate />);
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveAttribute('placeholder', 'Search Slack channels...');
    unmount();
    render(<ChannelPicker aria-label="Channel" />);
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveAttribute('placeholder', 'Search public Slack channels...');
  });

  test('parameters are 0/1 flags plus the caller’s', () => {
    expect(channelSearchParams({ includeShared: true, includePrivate: false, params: { program_id: 5 } })).toEqual({
      include_shared: 1,
      include_org_shared: 0,
      include_private: 0,
      program_id: 5,
    });
  });

  // Real timers here: user-event and fake timers do not mix well; the debounce is covered above.
  test('searches GET /channels/search and lists #names; the texts follow the search state', async () => {
    const fetch = mockFetch((url) => jsonResponse(serverSearch(url.searchParams.get('query') ?? '')));
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ChannelPicker label="Channel" includeOrgShared params={{ exclude_archived: 1 }} name="channel_id" onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Channel' });
    await user.click(input);
    expect(screen.getByText('Start typing to search')).toBeInTheDocument();
    await user.type(input, 'eng');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await screen.findAllByRole('option');
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/channels/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'eng',
      include_shared: '0',
      include_org_shared: '1',
      include_private: '0',
      exclude_archived: '1',
    });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['#engineering', '#eng-frontend']);
    await user.click(screen.getByRole('option', { name: '#eng-frontend' }));
    expect(onChange).toHaveBeenCalledWith(['C3'], [{ uid: 'C3', name: 'eng-frontend' }]);
    expect(document.querySelector<HTMLInputElement>('input[name="channel_id"]')?.value).toBe('C3');

    await user.type(input, 'zzz');
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  test('a failed search shows the red error with an alert icon', async () => {
    mockFetch(() => jsonResponse({ error: 'nope' }, 500));
    const user = userEvent.setup();
    render(<ChannelPicker label="Channel" />);
    await user.type(screen.getByRole('combobox'), 'x');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Uh oh! Something went wrong!');
    expect(alert).toHaveClass('select-message-error');
    expect(alert.querySelector('svg')).not.toBeNull();
  });

  test('known channels show their names before any search', () => {
    const known: SelectOption[] = [{ uid: 'C9', name: 'watercooler' }];
    render(<ChannelPicker label="Channel" multiple value={['C9']} knownChannels={known as never} />);
    expect(screen.getByText('#watercooler')).toBeInTheDocument();
  });
});

describe('typing fast', () => {
  // Keystrokes with no pause between them while answers arrive: each character stays where it was typed. A box whose
  // text is handed back a render late first shows the old text, which throws the caret to the end (and, typed
  // quickly, loses characters).
  test('a character typed in the middle stays where it was typed', async () => {
    const fetcher = vi.fn<RemoteSearchFetcher>(async (url) => serverSearch(new URL(url, 'http://x').searchParams.get('query') ?? ''));
    const user = userEvent.setup({ delay: null });
    render(<ChannelPicker label="Channel" fetcher={fetcher} />);
    const input = screen.getByRole('combobox', { name: 'Channel' });
    await user.type(input, 'engeering');
    await user.keyboard('{ArrowLeft>6/}in');
    expect(input).toHaveValue('engineering');
    expect(await screen.findByRole('option', { name: '#engineering' })).toBeInTheDocument();
  });
});
