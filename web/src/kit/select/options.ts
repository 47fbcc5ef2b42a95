/** An option of the selector family. Which field is the value and which the label is configurable. */
export interface SelectOption {
  [key: string]: unknown;
  /** Shown but cannot be chosen. */
  disabled?: boolean;
  /** Not a choice: clicking it only runs onClick (for example "Create a new channel…"). */
  unselectable?: boolean;
  onClick?: () => void;
}

export interface OptionKeys {
  valueKey: string;
  labelKey: string;
  /** Extra fields the filter looks at, besides the label. */
  searchKeys?: readonly string[];
}

export function optionValue(option: SelectOption, valueKey: string): string {
  const value = option[valueKey];
  return value === undefined || value === null ? '' : String(value);
}

export function optionLabel(option: SelectOption, labelKey: string): string {
  const label = option[labelKey];
  return label === undefined || label === null ? '' : String(label);
}

/** Case-insensitive substring match on the label or on any of the listed search keys. Empty text keeps everything. */
export function filterOptions<T extends SelectOption>(
  options: readonly T[],
  text: string,
  keys: Pick<OptionKeys, 'labelKey' | 'searchKeys'>,
): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...options];
  const fields = [keys.labelKey, ...(keys.searchKeys ?? [])];
  return options.filter((option) =>
    fields.some((field) => {
      const value = option[field];
      return value !== undefined && value !== null && String(value).toLowerCase().includes(needle);
    }),
  );
}

/** Normalises a value prop (one key, many keys, or none) to a list of keys. */
export function toValueList(value: string | number | readonly (string | number)[] | null | undefined): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

/** Toggling a key: multiple mode adds or removes it; single mode picks it (or clears it when clearing is allowed). */
export function toggleValue(current: readonly string[], key: string, multiple: boolean, clearable: boolean): string[] {
  const chosen = current.includes(key);
  if (multiple) return chosen ? current.filter((v) => v !== key) : [...current, key];
  if (chosen) return clearable ? [] : [...current];
  return [key];
}
