import type { QueryParams } from '../../api/client';
import { CHANNEL_PLACEHOLDER_PUBLIC, CHANNEL_PLACEHOLDER_WITH_PRIVATE } from '../messages';
import type { SelectOption } from './options';
import { DEFAULT_SEARCH_PATH, type RemoteSearchFetcher } from './remoteSearch';
import { Select, type SelectProps } from './Select';

/** A channel as GET /channels/search answers: uid is the value, name the label. */
export interface ChannelOption extends SelectOption {
  uid: string;
  name: string;
}

export interface ChannelPickerProps
  extends Omit<SelectProps, 'remote' | 'searchable' | 'valueKey' | 'labelKey' | 'options' | 'knownOptions'> {
  includeShared?: boolean;
  includeOrgShared?: boolean;
  includePrivate?: boolean;
  /** More query parameters for the search, from the caller. */
  params?: QueryParams;
  /** Default /channels/search. */
  searchPath?: string;
  /** Channels already chosen, so their names show before any search. */
  knownChannels?: readonly ChannelOption[];
  fetcher?: RemoteSearchFetcher;
}

export function channelPlaceholder(includePrivate: boolean): string {
  return includePrivate ? CHANNEL_PLACEHOLDER_WITH_PRIVATE : CHANNEL_PLACEHOLDER_PUBLIC;
}

/** The search parameters: include_shared, include_org_shared and include_private as 0 or 1, then the caller's. */
export function channelSearchParams(
  options: Pick<ChannelPickerProps, 'includeShared' | 'includeOrgShared' | 'includePrivate' | 'params'>,
): QueryParams {
  return {
    include_shared: options.includeShared ? 1 : 0,
    include_org_shared: options.includeOrgShared ? 1 : 0,
    include_private: options.includePrivate ? 1 : 0,
    ...options.params,
  };
}

/** Picks Slack channels by searching the server as the user types. */
export function ChannelPicker({
  includeShared = false,
  includeOrgShared = false,
  includePrivate = false,
  params,
  searchPath = DEFAULT_SEARCH_PATH,
  knownChannels,
  fetcher,
  placeholder,
  ...rest
}: ChannelPickerProps) {
  return (
    <Select
      {...rest}
      valueKey="uid"
      labelKey="name"
      knownOptions={knownChannels}
      placeholder={placeholder ?? channelPlaceholder(includePrivate)}
      formatLabel={(option) => `#${String(option.name ?? '')}`}
      remote={{
        path: searchPath,
        params: channelSearchParams({ includeShared, includeOrgShared, includePrivate, params }),
        fetcher,
      }}
    />
  );
}
