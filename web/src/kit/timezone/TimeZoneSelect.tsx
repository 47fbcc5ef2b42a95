import { useMemo } from 'react';
import { Select } from '../select/Select';
import type { SelectOption } from '../select/options';
import { offsetMinutes, zoneName, zoneOffset } from '../dates';

/** Every IANA zone this browser knows (plus `current` when it is not among them). */
export function timeZoneIds(current?: string): string[] {
  let zones: string[];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  if (!zones.includes('UTC')) zones = [...zones, 'UTC'];
  if (current && !zones.includes(current)) zones = [current, ...zones];
  return zones;
}

/**
 * The zones as options, west to east: "New York (UTC−05:00)" with the IANA id searchable too
 * ("America/New_York"), so typing "new york", "america" or "-05" finds it.
 */
export function timeZoneOptions(current?: string, at: number = Date.now()): SelectOption[] {
  return timeZoneIds(current)
    .map((id) => ({ id, offset: offsetMinutes(id, at) }))
    .sort((a, b) => a.offset - b.offset || a.id.localeCompare(b.id))
    .map(({ id }) => {
      const region = id.includes('/') ? id.split('/')[0]!.replace(/_/g, ' ') : '';
      return {
        value: id,
        label: id === 'UTC' ? 'UTC' : `${zoneName(id)} (${zoneOffset(id, at)})`,
        email: region,
        search: `${id} ${id.replace(/_/g, ' ')} ${zoneOffset(id, at).replace('−', '-')}`,
      };
    });
}

export interface TimeZoneSelectProps {
  value: string;
  onChange: (zone: string) => void;
  label?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
  /** The error for this field, shown under it (see Select's `error`). */
  error?: string | null;
}

/** A searchable time zone picker: "New York (UTC−05:00)", with the region as a second line. */
export function TimeZoneSelect({ value, onChange, label = 'Time zone', disabled, id, className, error }: TimeZoneSelectProps) {
  const options = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Select
      label={label}
      options={options}
      searchable
      searchKeys={['search', 'email']}
      value={value}
      disabled={disabled}
      id={id}
      className={className}
      error={error}
      placeholder="Search time zones…"
      onChange={(v) => {
        if (v[0]) onChange(v[0]);
      }}
    />
  );
}
