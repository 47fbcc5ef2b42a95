export { DateRangePicker, DEFAULT_RANGE_PRESETS, presetRange } from './DateRangePicker';
export type { DateRange, DateRangePreset, DateRangePickerProps } from './DateRangePicker';
