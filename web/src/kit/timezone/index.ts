export { TimeZoneSelect, timeZoneOptions, timeZoneIds } from './TimeZoneSelect';
export type { TimeZoneSelectProps } from './TimeZoneSelect';
