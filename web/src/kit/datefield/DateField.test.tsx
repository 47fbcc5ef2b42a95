import '../../test/setup';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { DateField, parseDisplay, toDisplay } from './DateField';

describe('DateField', () => {
  test('mm/dd/yyyy both ways; a date that does not exist is not one', () => {
    expect(toDisplay('2026-03-07')).toBe('03/07/2026');
    expect(parseDisplay('3/7/2026')).toBe('2026-03-07');
    expect(parseDisplay('02/30/2026')).toBeNull();
  });

  test('any day by default: a typed Saturday is taken; a hidden label still names the field', () => {
    const onChange = vi.fn();
    render(<DateField label="Date of Welcome" hideLabel value="2026-03-16" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Date of Welcome' });
    expect(input).toHaveValue('03/16/2026');
    fireEvent.change(input, { target: { value: '03/21/2026' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith('2026-03-21');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('weekdays only: a typed weekend day is refused with the reason, and weekend days cannot be picked', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<DateField label="Meeting date" weekends={false} weekendText="Choose a weekday: meetings are never on weekends" value="2026-03-16" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Meeting date' });
    fireEvent.change(input, { target: { value: '03/21/2026' } });
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a weekday: meetings are never on weekends');
    await user.click(screen.getByRole('button', { name: 'Choose meeting date' }));
    await user.click(screen.getByRole('button', { name: 'Saturday, March 21, 2026, weekend, not available' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Friday, March 20, 2026' }));
    expect(onChange).toHaveBeenCalledWith('2026-03-20');
  });

  test('min and max: a day outside them is refused when typed, with the first or last day allowed, and cannot be picked', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<DateField label="From" min="2026-03-10" max="2026-03-20" value="2026-03-16" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'From' });
    fireEvent.change(input, { target: { value: '03/09/2026' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a day on or after Mar 10, 2026');
    fireEvent.change(input, { target: { value: '03/21/2026' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a day on or before Mar 20, 2026');
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Choose from' }));
    await user.click(screen.getByRole('button', { name: 'Saturday, March 21, 2026, not available' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Friday, March 20, 2026' }));
    expect(onChange).toHaveBeenCalledWith('2026-03-20');
  });

  test('optional: Clear shows only with a date, is named for its field and empties it; emptying the text clears it too', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<DateField label="From date" optional value={null} onChange={onChange} />);
    expect(screen.getByText('(optional)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
    rerender(<DateField label="From date" optional value="2026-03-02" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: /From date/ });
    await user.click(input);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear from date' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveFocus();
    onChange.mockClear();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith(null);
  });

  test('required: no Clear, and emptying the text keeps the date', () => {
    const onChange = vi.fn();
    render(<DateField label="Start date" value="2026-03-02" onChange={onChange} />);
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
    const input = screen.getByRole('textbox', { name: 'Start date' });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveValue('03/02/2026');
  });
});
