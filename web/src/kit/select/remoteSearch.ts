import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { api, buildUrl, type QueryParams } from '../../api/client';
import { filterOptions, optionValue, type SelectOption } from './options';

/** journeys.md: remote search waits 350 ms after the last keystroke. */
export const REMOTE_SEARCH_DEBOUNCE_MS = 350;
export const DEFAULT_SEARCH_PATH = '/channels/search';

/**
 * searching: waiting out the debounce; loading: request in flight; done: list; error: the request failed.
 * idle: nothing typed (remote search starts only for non-empty text).
 */
export type RemoteSearchStatus = 'idle' | 'searching' | 'loading' | 'done' | 'error';

export type RemoteSearchFetcher = (url: string, signal: AbortSignal) => Promise<SelectOption[]>;

export interface RemoteSearchConfig {
  /** Default /channels/search. */
  path?: string;
  /** Extra query parameters, sent after query=…; part of the cache address. */
  params?: QueryParams;
  /** How results are fetched (tests replace it). Default: GET through the API client, no error toast. */
  fetcher?: RemoteSearchFetcher;
  cache?: RemoteSearchCache;
}

/** The search address without the typed text: results and options are cached per address. */
export function searchAddress(path: string, params?: QueryParams): string {
  const sorted = params ? Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))) : undefined;
  return buildUrl(path, sorted);
}

/** GET {path}?query={typed text, encoded}&{extra params}. */
export function searchUrl(path: string, text: string, params?: QueryParams): string {
  return buildUrl(path, { query: text, ...params });
}

function cacheKey(text: string): string {
  return text.trim().toLowerCase();
}

/** Results (ordered ids) per typed text and options per id, both per search address. */
export class RemoteSearchCache {
  private results = new Map<string, Map<string, string[]>>();
  private options = new Map<string, Map<string, SelectOption>>();
  constructor(private readonly maxTextsPerAddress = 200) {}

  set(address: string, text: string, items: readonly SelectOption[], valueKey: string): void {
    const ids = items.map((item) => optionValue(item, valueKey));
    let texts = this.results.get(address);
    if (!texts) this.results.set(address, (texts = new Map()));
    texts.delete(cacheKey(text));
    texts.set(cacheKey(text), ids);
    if (texts.size > this.maxTextsPerAddress) texts.delete(texts.keys().next().value!);
    let byId = this.options.get(address);
    if (!byId) this.options.set(address, (byId = new Map()));
    items.forEach((item, i) => byId.set(ids[i]!, item));
  }

  get(address: string, text: string): SelectOption[] | undefined {
    const ids = this.results.get(address)?.get(cacheKey(text));
    return ids && this.resolve(address, ids);
  }

  /** The longest cached text that the typed text starts with (and is longer than). */
  closest(address: string, text: string): { text: string; items: SelectOption[] } | undefined {
    const wanted = cacheKey(text);
    const texts = this.results.get(address);
    if (!texts) return undefined;
    let best: string | undefined;
    for (const cached of texts.keys()) {
      if (cached.length < wanted.length && wanted.startsWith(cached) && (best === undefined || cached.length > best.length)) {
        best = cached;
      }
    }
    return best === undefined ? undefined : { text: best, items: this.resolve(address, texts.get(best)!) };
  }

  option(address: string, id: string): SelectOption | undefined {
    return this.options.get(address)?.get(id);
  }

  clear(): void {
    this.results.clear();
    this.options.clear();
  }

  private resolve(address: string, ids: string[]): SelectOption[] {
    const byId = this.options.get(address);
    return ids.flatMap((id) => {
      const option = byId?.get(id);
      return option ? [option] : [];
    });
  }
}

/** Shared by every picker on the page. */
export const remoteSearchCache = new RemoteSearchCache();

const defaultFetcher: RemoteSearchFetcher = async (url, signal) => {
  const data = await api.get<unknown>(url, { signal, toastOnError: false });
  return Array.isArray(data) ? (data as SelectOption[]) : [];
};

export interface RemoteSearchResult {
  status: RemoteSearchStatus;
  items: SelectOption[];
  /** The items are a local filter of a shorter text's results, shown while the real answer loads. */
  provisional: boolean;
}

/**
 * Remote search for the typed text. Only non-empty text is searched, 350 ms after the last change. A cached
 * answer shows at once; otherwise the closest cached shorter text's results are filtered locally meanwhile.
 */
export function useRemoteSearch(
  text: string,
  config: RemoteSearchConfig & { valueKey: string; labelKey: string; searchKeys?: readonly string[]; enabled?: boolean },
): RemoteSearchResult {
  const path = config.path ?? DEFAULT_SEARCH_PATH;
  const cache = config.cache ?? remoteSearchCache;
  const address = searchAddress(path, config.params);
  const query = text.trim();
  const enabled = config.enabled !== false && query !== '';
  const key = `${address}\n${cacheKey(query)}`;
  const [state, setState] = useState<{ key: string; status: RemoteSearchStatus }>({ key: '', status: 'idle' });

  // Read the latest props inside the effect without making them dependencies (params objects change identity).
  const latest = useRef(config);
  useLayoutEffect(() => {
    latest.current = config;
  });

  useEffect(() => {
    if (!enabled || cache.get(address, query)) return;
    let current = true;
    const controller = new AbortController();
    setState({ key, status: 'searching' });
    const timer = setTimeout(() => {
      setState({ key, status: 'loading' });
      const fetcher = latest.current.fetcher ?? defaultFetcher;
      fetcher(searchUrl(path, query, latest.current.params), controller.signal).then(
        (items) => {
          // Keep answers for texts typed past: the next, longer text may reuse them.
          cache.set(address, query, items, latest.current.valueKey);
          if (current) setState({ key, status: 'done' });
        },
        () => {
          if (current) setState({ key, status: 'error' });
        },
      );
    }, REMOTE_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, enabled, address, query, path, cache, latest]);

  if (!enabled) return { status: 'idle', items: [], provisional: false };
  const exact = cache.get(address, query);
  if (exact) return { status: 'done', items: exact, provisional: false };
  const status = state.key === key ? state.status : 'searching';
  if (status === 'error') return { status, items: [], provisional: false };
  const closest = cache.closest(address, query);
  return {
    status: status === 'done' ? 'loading' : status,
    items: closest ? filterOptions(closest.items, query, { labelKey: config.labelKey, searchKeys: config.searchKeys }) : [],
    provisional: Boolean(closest),
  };
}
