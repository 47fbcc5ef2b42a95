export { Select, SearchableSelect, RemoteSearchSelect, SelectChip, SELECT_ROW_HEIGHT_PX, TOOLTIP_HIDE_DELAY_MS, TOOLTIP_SHOW_DELAY_MS } from './Select';
export type { SelectProps } from './Select';
export { ChannelPicker, channelPlaceholder, channelSearchParams } from './ChannelPicker';
export type { ChannelOption, ChannelPickerProps } from './ChannelPicker';
export { filterOptions, optionLabel, optionValue, toggleValue, toValueList } from './options';
export type { SelectOption } from './options';
export {
  RemoteSearchCache,
  remoteSearchCache,
  searchAddress,
  searchUrl,
  useRemoteSearch,
  REMOTE_SEARCH_DEBOUNCE_MS,
  DEFAULT_SEARCH_PATH,
} from './remoteSearch';
export type { RemoteSearchConfig, RemoteSearchFetcher, RemoteSearchResult, RemoteSearchStatus } from './remoteSearch';
