import { useCombobox, useSelect } from 'downshift';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from 'react';
import { AlertIcon, ChevronDownIcon, Spinner, XIcon } from '../icons';
import { FieldErrorText } from '../field/Field';
import { SELECT_TEXTS } from '../messages';
import {
  filterOptions,
  optionLabel,
  optionValue,
  toggleValue,
  toValueList,
  type SelectOption,
} from './options';
import { useRemoteSearch, type RemoteSearchConfig, type RemoteSearchStatus } from './remoteSearch';

/** Scrolling to the chosen item assumes rows of this height. */
export const SELECT_ROW_HEIGHT_PX = 40;
/** The label tooltip of a chosen item in multiple mode. */
export const TOOLTIP_SHOW_DELAY_MS = 750;
export const TOOLTIP_HIDE_DELAY_MS = 100;

type ValueProp = string | number | readonly (string | number)[] | null;

export interface SelectProps {
  options?: readonly SelectOption[];
  /** Controlled chosen key(s). */
  value?: ValueProp;
  /** Uncontrolled starting key(s). */
  defaultValue?: ValueProp;
  /** Always a list (at most one key in single mode), with the matching options. */
  onChange?: (values: string[], options: SelectOption[]) => void;
  multiple?: boolean;
  /** A typed filter box over the options. */
  searchable?: boolean;
  /** Search the server as the user types (implies searchable). */
  remote?: RemoteSearchConfig;
  /** Visible label. Without it pass aria-label. */
  label?: ReactNode;
  'aria-label'?: string;
  placeholder?: string;
  /** Text after the chosen value (for example a unit). */
  suffix?: ReactNode;
  /** Shows the clear button and lets a chosen single item be toggled off. */
  clearable?: boolean;
  /** Shows the loading spinner (options still arriving). */
  loading?: boolean;
  disabled?: boolean;
  /** Hidden form inputs carry this name, one per chosen key. */
  name?: string;
  /** Marks each hidden input required. */
  required?: boolean;
  valueKey?: string;
  labelKey?: string;
  /** The field shown as a second line (email). Default 'email'. */
  emailKey?: string;
  /** Fields the filter looks at besides the label. */
  searchKeys?: readonly string[];
  /** Options for chosen keys that may not be in the list (remote search), so their labels show. */
  knownOptions?: readonly SelectOption[];
  /** How an option's label is drawn (default its label text). */
  formatLabel?: (option: SelectOption) => ReactNode;
  id?: string;
  className?: string;
  /** The error for this select (the server's `fields` entry, or a client check): shown under it, the control marked invalid. */
  error?: string | null;
}

interface Keys {
  valueKey: string;
  labelKey: string;
  emailKey: string;
  searchKeys?: readonly string[];
}

function keysOf(props: SelectProps): Keys {
  return {
    valueKey: props.valueKey ?? 'value',
    labelKey: props.labelKey ?? 'label',
    emailKey: props.emailKey ?? 'email',
    searchKeys: props.searchKeys,
  };
}

/** One selector, single or multiple, plain, searchable or remote-searching. */
export function Select(props: SelectProps) {
  return props.searchable || props.remote ? <SearchSelect {...props} /> : <PlainSelect {...props} />;
}

/** Shorthand for <Select searchable />. */
export function SearchableSelect(props: Omit<SelectProps, 'searchable'>) {
  return <Select {...props} searchable />;
}

/** Shorthand for a remote-search select; `remote` is required. */
export function RemoteSearchSelect(props: SelectProps & { remote: RemoteSearchConfig }) {
  return <Select {...props} />;
}

// ---- shared pieces ------------------------------------------------------------------------------------------------

function useSelection(props: SelectProps, keys: Keys, seen: readonly SelectOption[]) {
  const controlled = props.value !== undefined;
  const [inner, setInner] = useState<string[]>(() => toValueList(props.defaultValue));
  const values = controlled ? toValueList(props.value) : inner;
  // Every option met so far, so chosen keys keep their labels after the list changes (remote search).
  const known = useRef(new Map<string, SelectOption>());
  for (const option of [...(props.knownOptions ?? []), ...(props.options ?? []), ...seen]) {
    known.current.set(optionValue(option, keys.valueKey), option);
  }
  const lookup = (value: string): SelectOption =>
    known.current.get(value) ?? { [keys.valueKey]: value, [keys.labelKey]: value };
  const commit = (next: string[]) => {
    if (!controlled) setInner(next);
    props.onChange?.(next, next.map(lookup));
  };
  return {
    values,
    selected: values.map(lookup),
    isChosen: (option: SelectOption) => values.includes(optionValue(option, keys.valueKey)),
    toggle: (option: SelectOption) =>
      commit(toggleValue(values, optionValue(option, keys.valueKey), Boolean(props.multiple), Boolean(props.clearable))),
    remove: (value: string) => commit(values.filter((v) => v !== value)),
    clear: () => commit([]),
  };
}

type Selection = ReturnType<typeof useSelection>;

/** Runs an unselectable item's click action instead of choosing it. */
function preventDownshift(event: SyntheticEvent) {
  (event.nativeEvent as Event & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
}

function useScrollToChosen(isOpen: boolean, items: readonly SelectOption[], selection: Selection) {
  const menuRef = useRef<HTMLUListElement | null>(null);
  useEffect(() => {
    if (!isOpen || !menuRef.current) return;
    const index = items.findIndex((item) => selection.isChosen(item));
    if (index >= 0) menuRef.current.scrollTop = index * SELECT_ROW_HEIGHT_PX;
    // Only when the menu opens, not on every choice in multiple mode.
  }, [isOpen]);
  return menuRef;
}

function HiddenInputs({ name, values, required, multiple }: { name?: string; values: string[]; required?: boolean; multiple?: boolean }) {
  if (!name) return null;
  if (values.length === 0) {
    return multiple ? null : <input type="hidden" name={name} value="" required={required} data-testid="select-hidden-input" />;
  }
  return (
    <>
      {values.map((value) => (
        <input key={value} type="hidden" name={name} value={value} required={required} data-testid="select-hidden-input" />
      ))}
    </>
  );
}

/** A chosen item in multiple mode: its full label shows in a tooltip after 750 ms and hides 100 ms after leaving. */
export function SelectChip({ label, onRemove, disabled }: { label: ReactNode; onRemove: () => void; disabled?: boolean }) {
  const tipId = useId();
  const [tip, setTip] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const later = (next: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTip(next), ms);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const text = typeof label === 'string' ? label : undefined;
  return (
    <span
      className="select-chip"
      onMouseEnter={() => later(true, TOOLTIP_SHOW_DELAY_MS)}
      onMouseLeave={() => later(false, TOOLTIP_HIDE_DELAY_MS)}
    >
      <span className="select-chip-label" aria-describedby={tip ? tipId : undefined}>
        {label}
      </span>
      {!disabled && (
        <button
          type="button"
          className="select-chip-remove"
          aria-label={text ? `Remove ${text}` : 'Remove'}
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            e.stopPropagation();
            onRemove();
          }}
          onFocus={() => later(true, TOOLTIP_SHOW_DELAY_MS)}
          onBlur={() => later(false, TOOLTIP_HIDE_DELAY_MS)}
        >
          <XIcon />
        </button>
      )}
      {tip && (
        <span role="tooltip" id={tipId} className="tooltip">
          {label}
        </span>
      )}
    </span>
  );
}

function Chips({ selection, keys, format, disabled }: { selection: Selection; keys: Keys; format: (o: SelectOption) => ReactNode; disabled?: boolean }) {
  if (selection.selected.length === 0) return null;
  return (
    <>
      {selection.selected.map((option) => {
        const value = optionValue(option, keys.valueKey);
        const label = format(option);
        return (
          <SelectChip
            key={value}
            label={typeof label === 'string' ? label : optionLabel(option, keys.labelKey)}
            disabled={disabled}
            onRemove={() => selection.remove(value)}
          />
        );
      })}
    </>
  );
}

function OptionContent({ option, keys, format, chosen }: { option: SelectOption; keys: Keys; format: (o: SelectOption) => ReactNode; chosen: boolean }) {
  const email = option[keys.emailKey];
  return (
    <>
      <span className="select-option-text">
        <span className="select-option-label">{format(option)}</span>
        {typeof email === 'string' && email !== '' && <span className="select-option-email">{email}</span>}
      </span>
      {chosen && <span className="select-option-check" aria-hidden="true">✓</span>}
    </>
  );
}

/** What OptionList needs of downshift: the same of useSelect and useCombobox. */
interface MenuState {
  isOpen: boolean;
  highlightedIndex: number;
  getMenuProps(options: { ref: Ref<HTMLUListElement>; 'aria-label': string | undefined; 'aria-multiselectable': true | undefined }): object;
  getItemProps(options: { item: SelectOption; index: number; onClick: (event: MouseEvent) => void }): object;
  closeMenu(): void;
}

/** The open menu's options, for both the plain and the searchable select. */
function OptionList(p: {
  ds: MenuState;
  menuRef: Ref<HTMLUListElement>;
  label: string | undefined;
  multiple: boolean;
  items: readonly SelectOption[];
  selection: Selection;
  keys: Keys;
  format: (o: SelectOption) => ReactNode;
}) {
  const { ds, menuRef, multiple, selection, keys, format } = p;
  return (
    <ul className="select-menu" {...ds.getMenuProps({ ref: menuRef, 'aria-label': p.label, 'aria-multiselectable': multiple || undefined })}>
      {ds.isOpen &&
        p.items.map((option, index) => {
          const chosen = selection.isChosen(option);
          return (
            <li
              key={optionValue(option, keys.valueKey) || index}
              className={[
                'select-option',
                ds.highlightedIndex === index && 'is-highlighted',
                chosen && 'is-chosen',
                option.disabled && 'is-disabled',
                option.unselectable && 'is-action',
              ]
                .filter(Boolean)
                .join(' ')}
              {...ds.getItemProps({
                item: option,
                index,
                onClick: (event: MouseEvent) => {
                  if (option.unselectable) {
                    preventDownshift(event);
                    option.onClick?.();
                    ds.closeMenu();
                  }
                },
              })}
              aria-selected={chosen}
            >
              <OptionContent option={option} keys={keys} format={format} chosen={chosen} />
            </li>
          );
        })}
    </ul>
  );
}

/** The error under a select, and what the control needs to point at it (aria-invalid, aria-describedby). */
function useSelectError(error: string | null | undefined) {
  const errorId = `${useId()}-error`;
  return {
    describedBy: error ? errorId : undefined,
    invalid: error ? (true as const) : undefined,
    message: error ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null,
  };
}

/**
 * The open menu sits under the control. It is placed from the select's top (`top: 100%`), so while an error
 * shows under the control it is placed from the control's bottom instead, not below the message.
 */
function usePopoverUnderControl(isOpen: boolean, hasError: boolean) {
  const controlRef = useRef<HTMLDivElement | null>(null);
  const [top, setTop] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const control = controlRef.current;
    setTop(isOpen && hasError && control ? control.offsetTop + control.offsetHeight + 4 : undefined);
  }, [isOpen, hasError]);
  return { controlRef, style: top === undefined ? undefined : { top } };
}

function EmptyMessage({ children, error }: { children: ReactNode; error?: boolean }) {
  return (
    <div className={error ? 'select-message select-message-error' : 'select-message'} role={error ? 'alert' : undefined}>
      {error && <AlertIcon />}
      {children}
    </div>
  );
}

function ControlExtras({
  suffix,
  loading,
  showClear,
  onClear,
}: {
  suffix?: ReactNode;
  loading: boolean;
  showClear: boolean;
  onClear: () => void;
}) {
  return (
    <>
      {suffix !== undefined && suffix !== null && <span className="select-suffix">{suffix}</span>}
      {loading && <Spinner className="select-spinner" />}
      {showClear && (
        <button
          type="button"
          className="select-clear"
          aria-label="Clear selection"
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            e.stopPropagation();
            onClear();
          }}
        >
          <XIcon />
        </button>
      )}
    </>
  );
}

function classNames(props: SelectProps, isOpen: boolean, extra: string): string {
  return [
    'select',
    extra,
    props.multiple ? 'select-multiple' : 'select-single',
    isOpen && 'is-open',
    props.disabled && 'is-disabled',
    props.error && 'has-error',
    props.className,
  ]
    .filter(Boolean)
    .join(' ');
}

// ---- plain (no filter box) ----------------------------------------------------------------------------------------

function PlainSelect(props: SelectProps) {
  const keys = keysOf(props);
  const options = props.options ?? [];
  const multiple = Boolean(props.multiple);
  const disabled = Boolean(props.disabled);
  const selection = useSelection(props, keys, []);
  const format = props.formatLabel ?? ((o: SelectOption) => optionLabel(o, keys.labelKey));

  const ds = useSelect<SelectOption>({
    items: [...options],
    id: props.id,
    selectedItem: null,
    itemToString: (o) => (o ? optionLabel(o, keys.labelKey) : ''),
    itemToKey: (o) => (o ? optionValue(o, keys.valueKey) : null),
    isItemDisabled: (o) => Boolean(o?.disabled),
    stateReducer: (state, { type, changes }) => {
      const t = useSelect.stateChangeTypes;
      switch (type) {
        case t.ToggleButtonBlur:
          // Losing focus closes without choosing.
          return { ...changes, selectedItem: state.selectedItem };
        case t.ItemClick:
        case t.ToggleButtonKeyDownEnter:
        case t.ToggleButtonKeyDownSpaceButton:
          return multiple ? { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex } : changes;
        default:
          return changes;
      }
    },
    onStateChange: ({ type, selectedItem }) => {
      const t = useSelect.stateChangeTypes;
      if (!selectedItem) return;
      if (type === t.ItemClick || type === t.ToggleButtonKeyDownEnter || type === t.ToggleButtonKeyDownSpaceButton) {
        selection.toggle(selectedItem);
      }
    },
  });

  const menuRef = useScrollToChosen(ds.isOpen, options, selection);
  const highlighted = ds.highlightedIndex >= 0 ? options[ds.highlightedIndex] : undefined;
  const fieldError = useSelectError(props.error);
  const popover = usePopoverUnderControl(ds.isOpen, Boolean(props.error));

  const onToggleKeyDown = (event: KeyboardEvent) => {
    if (disabled) {
      preventDownshift(event);
      return;
    }
    if (ds.isOpen && (event.key === 'Enter' || event.key === ' ') && highlighted?.unselectable) {
      preventDownshift(event);
      event.preventDefault();
      highlighted.onClick?.();
      ds.closeMenu();
      return;
    }
    if (event.key === 'Escape' && ds.isOpen) event.stopPropagation();
    if (event.key === 'Backspace' && (multiple || props.clearable) && selection.values.length > 0) {
      selection.remove(selection.values[selection.values.length - 1]!);
    }
  };

  const display =
    !multiple && selection.selected[0] ? (
      <span className="select-value">{format(selection.selected[0])}</span>
    ) : selection.selected.length === 0 ? (
      <span className="select-placeholder">{props.placeholder ?? 'Select...'}</span>
    ) : null;

  return (
    <div className={classNames(props, ds.isOpen, 'select-plain')} data-field-error={props.error ? 'true' : undefined}>
      {props.label !== undefined && (
        <label className="select-label" {...ds.getLabelProps()}>
          {props.label}
        </label>
      )}
      <div className="select-control" ref={popover.controlRef}>
        {multiple && <Chips selection={selection} keys={keys} format={format} disabled={disabled} />}
        <div
          className="select-trigger"
          {...ds.getToggleButtonProps({
            'aria-label': props.label === undefined ? props['aria-label'] : undefined,
            'aria-disabled': disabled || undefined,
            'aria-invalid': fieldError.invalid,
            'aria-describedby': fieldError.describedBy,
            tabIndex: disabled ? -1 : 0,
            onClick: (event: MouseEvent) => {
              if (disabled) preventDownshift(event);
            },
            onKeyDown: onToggleKeyDown,
          } as Record<string, unknown>)}
        >
          {display}
          <ControlExtras
            suffix={props.suffix}
            loading={Boolean(props.loading)}
            showClear={Boolean(props.clearable) && !disabled && selection.values.length > 0}
            onClear={selection.clear}
          />
          <span className="select-chevron" aria-hidden="true">
            <ChevronDownIcon />
          </span>
        </div>
      </div>
      <div className="select-popover" hidden={!ds.isOpen} style={popover.style}>
        <OptionList ds={ds} menuRef={menuRef} label={props['aria-label']} multiple={multiple} items={options} selection={selection} keys={keys} format={format} />
        {ds.isOpen && options.length === 0 && <EmptyMessage>{SELECT_TEXTS.noOptions}</EmptyMessage>}
      </div>
      {fieldError.message}
      <HiddenInputs name={props.name} values={selection.values} required={props.required} multiple={multiple} />
    </div>
  );
}

// ---- searchable and remote ----------------------------------------------------------------------------------------

function emptyText(remote: boolean, status: RemoteSearchStatus, text: string, optionCount: number): { text: string; error?: boolean } {
  if (remote) {
    if (status === 'error') return { text: SELECT_TEXTS.error, error: true };
    if (text.trim() === '') return { text: SELECT_TEXTS.startTyping };
    if (status === 'searching' || status === 'loading') return { text: SELECT_TEXTS.loading };
    return { text: SELECT_TEXTS.noResults };
  }
  return { text: optionCount === 0 ? SELECT_TEXTS.noOptions : SELECT_TEXTS.noResults };
}

function SearchSelect(props: SelectProps) {
  const keys = keysOf(props);
  const multiple = Boolean(props.multiple);
  const disabled = Boolean(props.disabled);
  const isRemote = Boolean(props.remote);
  // The typed text, for searching. Downshift owns the box's text: a controlled `inputValue` is handed back a render
  // late (downshift calls onInputValueChange from an effect), so each keystroke first renders the old text, which
  // moves the caret to the end and loses characters typed quickly (downshift #1108).
  const [searchText, setSearchText] = useState('');
  const inputRef = useRef<HTMLInputElement | null>(null);
  const valueId = useId();

  const remote = useRemoteSearch(searchText, {
    ...props.remote,
    enabled: isRemote,
    valueKey: keys.valueKey,
    labelKey: keys.labelKey,
    searchKeys: keys.searchKeys,
  });
  const localItems = useMemo(
    () => filterOptions(props.options ?? [], searchText, keys),
    // keys is rebuilt every render; its fields are what matter
    [props.options, searchText, keys.labelKey, keys.searchKeys],
  );
  const items = isRemote ? remote.items : localItems;
  const selection = useSelection(props, keys, isRemote ? remote.items : []);
  const format = props.formatLabel ?? ((o: SelectOption) => optionLabel(o, keys.labelKey));

  const ds = useCombobox<SelectOption>({
    items,
    id: props.id,
    selectedItem: null,
    defaultHighlightedIndex: 0,
    itemToString: (o) => (o ? optionLabel(o, keys.labelKey) : ''),
    itemToKey: (o) => (o ? optionValue(o, keys.valueKey) : null),
    isItemDisabled: (o) => Boolean(o?.disabled),
    onInputValueChange: ({ inputValue: next }) => setSearchText(next ?? ''),
    stateReducer: (state, { type, changes }) => {
      const t = useCombobox.stateChangeTypes;
      switch (type) {
        case t.ItemClick:
        case t.InputKeyDownEnter:
          // Multiple mode stays open; both modes clear the filter after a choice.
          return {
            ...changes,
            inputValue: '',
            isOpen: multiple ? true : changes.isOpen,
            highlightedIndex: multiple ? (state.inputValue === '' ? state.highlightedIndex : 0) : changes.highlightedIndex,
          };
        case t.InputBlur:
          // Losing focus closes without choosing the highlighted item.
          return { ...changes, selectedItem: state.selectedItem, inputValue: '' };
        case t.InputKeyDownEscape:
          // Esc closes; it never clears the choice.
          return { ...changes, selectedItem: state.selectedItem, inputValue: '' };
        default:
          return changes;
      }
    },
    onStateChange: ({ type, selectedItem }) => {
      const t = useCombobox.stateChangeTypes;
      if (selectedItem && (type === t.ItemClick || type === t.InputKeyDownEnter)) selection.toggle(selectedItem);
    },
  });

  const menuRef = useScrollToChosen(ds.isOpen, items, selection);
  const highlighted = ds.highlightedIndex >= 0 ? items[ds.highlightedIndex] : undefined;
  const fieldError = useSelectError(props.error);
  const popover = usePopoverUnderControl(ds.isOpen, Boolean(props.error));

  // When the list changes under the highlight (filtering, results arriving), highlight the first choosable item
  // so Enter picks the best match.
  const { isOpen, highlightedIndex, setHighlightedIndex } = ds;
  useEffect(() => {
    if (!isOpen) return;
    const current = items[highlightedIndex];
    if (current && !current.disabled) return;
    const first = items.findIndex((item) => !item.disabled);
    if (first !== highlightedIndex) setHighlightedIndex(first);
  }, [items, isOpen, highlightedIndex, setHighlightedIndex]);

  const inputValue = ds.inputValue;
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && ds.isOpen && highlighted?.unselectable) {
      preventDownshift(event);
      event.preventDefault();
      highlighted.onClick?.();
      ds.closeMenu();
      return;
    }
    if (event.key === 'Enter' && ds.isOpen) event.preventDefault(); // never submit the form while choosing
    if (event.key === 'Escape' && ds.isOpen) event.stopPropagation(); // close the menu, not the modal around it
    if (event.key === 'Backspace' && inputValue === '' && (multiple || props.clearable) && selection.values.length > 0) {
      selection.remove(selection.values[selection.values.length - 1]!);
    }
  };

  const single = !multiple ? selection.selected[0] : undefined;
  const showSingleValue = single !== undefined && inputValue === '';
  const placeholder =
    selection.values.length > 0 ? undefined : (props.placeholder ?? (isRemote ? 'Search...' : 'Select...'));
  const empty = emptyText(isRemote, remote.status, searchText, (props.options ?? []).length);
  const busy = Boolean(props.loading) || (isRemote && (remote.status === 'loading' || remote.status === 'searching'));

  return (
    <div className={classNames(props, ds.isOpen, isRemote ? 'select-remote' : 'select-searchable')} data-field-error={props.error ? 'true' : undefined}>
      {props.label !== undefined && (
        <label className="select-label" {...ds.getLabelProps()}>
          {props.label}
        </label>
      )}
      <div
        className="select-control"
        ref={popover.controlRef}
        onClick={(event) => {
          if (disabled || event.target !== event.currentTarget) return;
          inputRef.current?.focus();
          if (!ds.isOpen) ds.openMenu();
        }}
      >
        {multiple && <Chips selection={selection} keys={keys} format={format} disabled={disabled} />}
        <span className="select-input-wrap">
          {showSingleValue && (
            <span className="select-value select-value-overlay" id={valueId}>
              {format(single)}
            </span>
          )}
          <input
            className="select-input"
            {...ds.getInputProps({
              ref: inputRef,
              disabled,
              placeholder,
              onKeyDown: onInputKeyDown,
              'aria-label': props.label === undefined ? props['aria-label'] : undefined,
              'aria-describedby': [showSingleValue ? valueId : undefined, fieldError.describedBy].filter(Boolean).join(' ') || undefined,
              'aria-invalid': fieldError.invalid,
            })}
          />
        </span>
        <ControlExtras
          suffix={props.suffix}
          loading={busy}
          showClear={Boolean(props.clearable) && !disabled && selection.values.length > 0}
          onClear={selection.clear}
        />
        <button
          type="button"
          className="select-chevron"
          {...ds.getToggleButtonProps({ disabled, 'aria-label': 'Show options' })}
        >
          <ChevronDownIcon />
        </button>
      </div>
      <div className="select-popover" hidden={!ds.isOpen} style={popover.style}>
        <OptionList ds={ds} menuRef={menuRef} label={props['aria-label']} multiple={multiple} items={items} selection={selection} keys={keys} format={format} />
        {ds.isOpen && items.length === 0 && <EmptyMessage error={empty.error}>{empty.text}</EmptyMessage>}
      </div>
      {fieldError.message}
      <HiddenInputs name={props.name} values={selection.values} required={props.required} multiple={multiple} />
    </div>
  );
}
