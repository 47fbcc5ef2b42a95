import '../../test/setup';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { filterOptions, toggleValue, toValueList, type SelectOption } from './options';
import { Select, SELECT_ROW_HEIGHT_PX, TOOLTIP_HIDE_DELAY_MS, TOOLTIP_SHOW_DELAY_MS, type SelectProps } from './Select';

const FRUITS: SelectOption[] = [
  { value: 'a', label: 'Apple' },
  { value: 'b', label: 'Banana', email: 'banana@fruit.io' },
  { value: 'c', label: 'Cherry', disabled: true },
  { value: 'd', label: 'Date' },
  { value: 'e', label: 'Elderberry', nickname: 'sambucus' },
];

function Controlled(props: SelectProps & { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(props.initial ?? []);
  return (
    <form aria-label="form">
      <Select {...props} value={props.multiple ? value : (value[0] ?? null)} onChange={(v, o) => { setValue(v); props.onChange?.(v, o); }} />
      <output data-testid="value">{value.join(',')}</output>
    </form>
  );
}

const value = () => screen.getByTestId('value').textContent;
const hiddenInputs = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLInputElement>('input[type="hidden"]')).map((i) => [i.name, i.value, i.required]);

describe('pure helpers', () => {
  test('filter: case-insensitive substring on the label or the listed search keys', () => {
    expect(filterOptions(FRUITS, 'AN', { labelKey: 'label' }).map((o) => o.value)).toEqual(['b']);
    expect(filterOptions(FRUITS, 'err', { labelKey: 'label' }).map((o) => o.value)).toEqual(['c', 'e']);
    expect(filterOptions(FRUITS, 'samb', { labelKey: 'label' })).toEqual([]);
    expect(filterOptions(FRUITS, 'SAMB', { labelKey: 'label', searchKeys: ['nickname'] }).map((o) => o.value)).toEqual(['e']);
    expect(filterOptions(FRUITS, 'fruit.io', { labelKey: 'label', searchKeys: ['email'] }).map((o) => o.value)).toEqual(['b']);
    expect(filterOptions(FRUITS, '  ', { labelKey: 'label' })).toHaveLength(5);
  });

  test('toggle: multiple adds and removes; single picks, and clears only when clearable', () => {
    expect(toggleValue(['a'], 'b', true, false)).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a', true, false)).toEqual(['b']);
    expect(toggleValue(['a'], 'b', false, false)).toEqual(['b']);
    expect(toggleValue(['a'], 'a', false, false)).toEqual(['a']);
    expect(toggleValue(['a'], 'a', false, true)).toEqual([]);
  });

  test('value normalisation', () => {
    expect(toValueList(null)).toEqual([]);
    expect(toValueList(3)).toEqual(['3']);
    expect(toValueList(['a', 1])).toEqual(['a', '1']);
  });
});

describe('plain single select', () => {
  test('opens on click, chooses, closes, and fills the hidden input', async () => {
    const user = userEvent.setup();
    const { container } = render(<Controlled label="Fruit" options={FRUITS} name="fruit" placeholder="Pick a fruit" />);
    const trigger = screen.getByRole('combobox', { name: 'Fruit' });
    expect(trigger).toHaveTextContent('Pick a fruit');
    expect(hiddenInputs(container)).toEqual([['fruit', '', false]]);
    await user.click(trigger);
    expect(screen.getAllByRole('option')).toHaveLength(5);
    await user.click(screen.getByRole('option', { name: /Banana/ }));
    expect(value()).toBe('b');
    expect(screen.queryByRole('option')).toBeNull();
    expect(trigger).toHaveTextContent('Banana');
    expect(hiddenInputs(container)).toEqual([['fruit', 'b', false]]);
  });

  test('email shows as a second line', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" options={FRUITS} />);
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByRole('option', { name: /Banana/ })).toHaveTextContent('banana@fruit.io');
  });

  test('keyboard: arrows move, Enter chooses, Esc closes', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" options={FRUITS} />);
    const trigger = screen.getByRole('combobox');
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')).toHaveLength(5);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(value()).toBe('b');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    expect(value()).toBe('b');
  });

  test('disabled items cannot be chosen', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" options={FRUITS} />);
    await user.click(screen.getByRole('combobox'));
    const cherry = screen.getByRole('option', { name: /Cherry/ });
    expect(cherry).toHaveAttribute('aria-disabled', 'true');
    await user.click(cherry);
    expect(value()).toBe('');
  });

  test('unselectable items only run their click action', async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    const options = [...FRUITS, { value: 'new', label: 'Add a fruit…', unselectable: true, onClick: create }];
    render(<Controlled label="Fruit" options={options} />);
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: /Add a fruit/ }));
    expect(create).toHaveBeenCalledOnce();
    expect(value()).toBe('');
    expect(screen.queryByRole('option')).toBeNull();
  });

  test('a disabled select does not open', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" options={FRUITS} disabled />);
    await user.click(screen.getByRole('combobox'));
    expect(screen.queryByRole('option')).toBeNull();
  });

  test('"No options" when the list is empty', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" options={[]} />);
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByText('No options')).toBeInTheDocument();
  });

  test('clear button only when clearing is allowed', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Controlled label="Fruit" options={FRUITS} initial={['a']} />);
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
    unmount();
    render(<Controlled label="Fruit" options={FRUITS} initial={['a']} clearable />);
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(value()).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
  });

  test('suffix text and loading spinner', () => {
    render(<Controlled label="Delay" options={FRUITS} suffix="days" loading />);
    expect(screen.getByText('days')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Loading' })).toBeInTheDocument();
  });

  test('custom value and label keys', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Controlled label="Person" options={[{ id: 7, name: 'Ada' }]} valueKey="id" labelKey="name" name="user_id" />,
    );
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'Ada' }));
    expect(hiddenInputs(container)).toEqual([['user_id', '7', false]]);
  });

  test('losing focus closes without choosing', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Controlled label="Fruit" options={FRUITS} />
        <button type="button">elsewhere</button>
      </>,
    );
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('option')).toBeNull();
    expect(value()).toBe('');
  });

  test('opening scrolls to the chosen item assuming 40 px rows', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" options={FRUITS} initial={['d']} />);
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByRole('listbox').scrollTop).toBe(3 * SELECT_ROW_HEIGHT_PX);
  });
});

describe('plain multiple select', () => {
  test('stays open, toggles on click, and one required hidden input per choice', async () => {
    const user = userEvent.setup();
    const { container } = render(<Controlled label="Fruits" multiple options={FRUITS} name="fruit_ids[]" required />);
    await user.click(screen.getByRole('combobox', { name: 'Fruits' }));
    await user.click(screen.getByRole('option', { name: /Apple/ }));
    await user.click(screen.getByRole('option', { name: /Date/ }));
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(value()).toBe('a,d');
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    expect(screen.getByRole('option', { name: /Apple/ })).toHaveAttribute('aria-selected', 'true');
    expect(hiddenInputs(container)).toEqual([
      ['fruit_ids[]', 'a', true],
      ['fruit_ids[]', 'd', true],
    ]);
    await user.click(screen.getByRole('option', { name: /Apple/ }));
    expect(value()).toBe('d');
  });

  test('chips can be removed', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruits" multiple options={FRUITS} initial={['a', 'b']} />);
    await user.click(screen.getByRole('button', { name: 'Remove Apple' }));
    expect(value()).toBe('b');
  });

  test('the chip label tooltip shows after 750 ms and hides 100 ms after leaving', async () => {
    vi.useFakeTimers();
    render(<Controlled label="Fruits" multiple options={FRUITS} initial={['e']} />);
    const chip = screen.getByText('Elderberry', { selector: '.select-chip-label' });
    fireEvent.mouseEnter(chip);
    act(() => void vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Elderberry');
    fireEvent.mouseLeave(chip);
    act(() => void vi.advanceTimersByTime(TOOLTIP_HIDE_DELAY_MS - 1));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(TOOLTIP_SHOW_DELAY_MS).toBe(750);
    expect(TOOLTIP_HIDE_DELAY_MS).toBe(100);
  });
});

describe('searchable select', () => {
  test('typing filters case-insensitively; Enter chooses the highlighted match and closes (single)', async () => {
    const user = userEvent.setup();
    const { container } = render(<Controlled label="Fruit" searchable options={FRUITS} name="fruit" />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    await user.click(input);
    expect(screen.getAllByRole('option')).toHaveLength(5);
    await user.type(input, 'ERR');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Cherry', 'Elderberry']);
    // Cherry is disabled, so the first highlighted option is Elderberry.
    await user.keyboard('{Enter}');
    expect(value()).toBe('e');
    expect(screen.queryByRole('option')).toBeNull();
    expect(input).toHaveValue('');
    expect(hiddenInputs(container)).toEqual([['fruit', 'e', false]]);
  });

  test('search keys are matched too', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" searchable options={FRUITS} searchKeys={['nickname']} />);
    await user.type(screen.getByRole('combobox'), 'sambu');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Elderberry']);
  });

  test('arrow keys move the highlight', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" searchable options={FRUITS} />);
    const input = screen.getByRole('combobox');
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(value()).toBe('b');
  });

  test('"No results" when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" searchable options={FRUITS} />);
    await user.type(screen.getByRole('combobox'), 'zzz');
    expect(screen.getByText('No results')).toBeInTheDocument();
  });

  test('Esc closes without clearing the choice', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" searchable options={FRUITS} initial={['a']} />);
    const input = screen.getByRole('combobox');
    await user.click(input);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    await user.keyboard('{Escape}');
    expect(value()).toBe('a');
  });

  test('a single choice shows as the value when the filter is empty', () => {
    render(<Controlled label="Fruit" searchable options={FRUITS} initial={['d']} />);
    expect(screen.getByRole('combobox')).toHaveAccessibleDescription('Date');
  });

  test('multiple: stays open and clears the filter after a choice; Backspace on an empty filter removes the last', async () => {
    const user = userEvent.setup();
    const { container } = render(<Controlled label="Fruits" searchable multiple options={FRUITS} name="ids" />);
    const input = screen.getByRole('combobox');
    await user.type(input, 'app');
    await user.keyboard('{Enter}');
    expect(value()).toBe('a');
    expect(input).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(5);
    await user.type(input, 'dat');
    await user.click(screen.getByRole('option', { name: /Date/ }));
    expect(value()).toBe('a,d');
    expect(hiddenInputs(container)).toEqual([
      ['ids', 'a', false],
      ['ids', 'd', false],
    ]);
    await user.type(input, 'x');
    await user.keyboard('{Backspace}'); // removes the typed x only
    expect(value()).toBe('a,d');
    await user.keyboard('{Backspace}');
    expect(value()).toBe('a');
    await user.keyboard('{Backspace}');
    expect(value()).toBe('');
  });

  test('multiple: clicking a chosen item toggles it off', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruits" searchable multiple options={FRUITS} initial={['b']} />);
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: /Banana/ }));
    expect(value()).toBe('');
  });

  test('unselectable item on Enter runs its action', async () => {
    const user = userEvent.setup();
    const action = vi.fn();
    render(<Controlled label="Fruit" searchable options={[{ value: 'x', label: 'Create fruit', unselectable: true, onClick: action }]} />);
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{Enter}');
    expect(action).toHaveBeenCalledOnce();
    expect(value()).toBe('');
  });

  test('Enter while choosing does not submit the form', async () => {
    const user = userEvent.setup();
    const submit = vi.fn((e: Event) => e.preventDefault());
    render(<Controlled label="Fruit" searchable options={FRUITS} />);
    screen.getByRole('form').addEventListener('submit', submit);
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{Enter}');
    expect(submit).not.toHaveBeenCalled();
  });

  test('losing focus closes the menu', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Controlled label="Fruit" searchable options={FRUITS} />
        <button type="button">elsewhere</button>
      </>,
    );
    await user.click(screen.getByRole('combobox'));
    expect(screen.getAllByRole('option').length).toBe(5);
    await user.tab();
    expect(screen.queryByRole('option')).toBeNull();
    expect(value()).toBe('');
  });

  test('the options list is labelled and lives in the combobox popup', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Fruit" searchable options={FRUITS} />);
    await user.click(screen.getByRole('combobox'));
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(5);
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('error', () => {
  test('marks the plain select invalid, describes it by the message under it, and clears with the error', () => {
    const { rerender } = render(<Select label="Group size" options={FRUITS} value="a" error="Pick a group size" />);
    const trigger = screen.getByRole('combobox', { name: 'Group size' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Pick a group size');
    const message = document.getElementById(trigger.getAttribute('aria-describedby')!)!;
    expect(message).toHaveClass('kit-field-error');
    expect(message.closest('.select')).toHaveClass('has-error');
    expect(message.closest('[data-field-error]')).not.toBeNull();
    rerender(<Select label="Group size" options={FRUITS} value="a" error={null} />);
    expect(screen.getByRole('combobox', { name: 'Group size' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('combobox', { name: 'Group size' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('Pick a group size')).toBeNull();
  });

  test('the searchable select keeps its chosen value in the description and adds the error', () => {
    render(<Select label="Time zone" searchable options={FRUITS} value="b" error="Pick a time zone" />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Banana Pick a time zone');
    expect(screen.getByText('Pick a time zone')).toBeInTheDocument();
  });
});
