import '../test/setup';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../api/client';
import {
  ConfirmDialog,
  confirmAction,
  DataTable,
  dataTableColumns,
  DateRangePicker,
  EmptyState,
  ErrorState,
  Field,
  fieldErrors,
  humanizeFieldMessage,
  InlineError,
  ModalHost,
  NotFoundState,
  PageState,
  SegmentedControl,
  SendNowButton,
  Switch,
  Tabs,
  TextAreaField,
  timeZoneOptions,
  type DateRange,
} from '.';

describe('Switch', () => {
  test('is a role=switch named by its label that flips on click and ignores clicks while busy', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<Switch checked={false} label="Turn intros on" stateText={['On', 'Paused']} onChange={onChange} />);
    const sw = screen.getByRole('switch', { name: 'Turn intros on' });
    expect(sw).toHaveAttribute('aria-checked', 'false');
    expect(sw).toHaveTextContent('Paused');
    await user.click(sw);
    expect(onChange).toHaveBeenCalledWith(true);
    rerender(<Switch checked label="Turn intros on" busy onChange={onChange} />);
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('switch'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe('Tabs', () => {
  test('shows the selected panel and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Kinds of dates"
        items={[
          { id: 'birthday', label: 'Birthdays', count: 3, content: <p>Birthday list</p> },
          { id: 'anniversary', label: 'Anniversaries', content: <p>Anniversary list</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Birthday list');
    await user.click(screen.getByRole('tab', { name: /Birthdays/ }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Anniversaries' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Anniversaries' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Anniversary list');
  });
});

describe('SegmentedControl', () => {
  test('is a radiogroup; a click and the arrow keys choose', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [v, setV] = useState<'weekly' | 'monthly'>('weekly');
      return <SegmentedControl label="How often" options={[{ value: 'weekly', label: 'Weekly' }, { value: 'monthly', label: 'Monthly' }]} value={v} onChange={setV} />;
    }
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'How often' });
    expect(within(group).getByRole('radio', { name: 'Weekly' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(group).getByRole('radio', { name: 'Monthly' }));
    expect(within(group).getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: 'Weekly' })).toHaveAttribute('aria-checked', 'true');
  });
});

describe('Field', () => {
  test('wires label, hint, error and counter to the control', () => {
    render(
      <Field label="Intro message" hint="Sent with every intro" error="Must be at most 2000 characters" maxLength={2000} length={2004}>
        {(control) => <textarea {...control} defaultValue="" />}
      </Field>,
    );
    const box = screen.getByRole('textbox', { name: 'Intro message' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAttribute('maxlength', '2000');
    expect(box).toHaveAccessibleDescription(/Sent with every intro.*Must be at most 2000 characters.*2004 \/ 2000/);
  });

  test('TextAreaField counts as you type', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [v, setV] = useState('');
      return <TextAreaField label="Message" value={v} onChange={setV} maxLength={10} />;
    }
    render(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello');
    expect(screen.getByText(/5 \/ 10/)).toBeInTheDocument();
  });

  test('fieldErrors reads the server fields, one human sentence each', () => {
    const error = new ApiError(400, { error: 'Invalid', fields: { intro_message: 'must be at most 2000 characters', birthday_template: ['birthday_template: Write a message'] } });
    expect(fieldErrors(error)).toEqual({ intro_message: 'Must be at most 2000 characters', birthday_template: 'Write a message' });
    expect(fieldErrors(new Error('x'))).toEqual({});
    expect(humanizeFieldMessage('settings.tz: Pick a time zone')).toBe('Pick a time zone');
  });
});

describe('PageState', () => {
  const base = { refetch: vi.fn() };
  test('loading shows a skeleton, then the content', () => {
    const { rerender } = render(<PageState query={{ ...base, data: undefined, error: null, isError: false }}>{(d: string) => <p>{d}</p>}</PageState>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    rerender(<PageState query={{ ...base, data: 'Hello', error: null, isError: false }}>{(d: string) => <p>{d}</p>}</PageState>);
    expect(screen.getByText('Hello')).toBeInTheDocument();
  });

  test('an error offers Try again; a 404 offers a way back and no Try again', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    const { unmount } = render(<PageState query={{ data: undefined, error: new ApiError(500, { error: 'Database down' }), isError: true, refetch }}>{() => null}</PageState>);
    expect(screen.getByRole('alert')).toHaveTextContent('Database down');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
    unmount();
    render(
      <MemoryRouter>
        <PageState what="program" backTo="/all_channels" backLabel="See all programs" query={{ data: undefined, error: new ApiError(404, undefined), isError: true, refetch }}>
          {() => null}
        </PageState>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: "This program doesn't exist" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all programs' })).toHaveAttribute('href', '/all_channels');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  test('the states are h2 inside a page that has its h1, the page h1 when they stand in for it, h3 inside an h2 card', () => {
    const refetch = vi.fn();
    const failed = { data: undefined, error: new ApiError(500, undefined), isError: true, refetch };
    const { unmount } = render(
      <MemoryRouter>
        <h1>Points</h1>
        <ErrorState title="Oops" />
        <NotFoundState what="reward" />
        <PageState query={failed}>{() => null}</PageState>
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Points']);
    expect(screen.getByRole('heading', { level: 2, name: 'Oops' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: "This reward doesn't exist" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: "We couldn't load this page" })).toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter>
        <PageState query={failed} headingLevel={1}>
          {() => null}
        </PageState>
        <NotFoundState headingLevel={3} />
        <EmptyState title="No rewards yet" />
        <EmptyState title="The queue is empty" headingLevel={3} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: "We couldn't load this page" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: "This page doesn't exist" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'No rewards yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'The queue is empty' })).toBeInTheDocument();
  });

  test('ErrorState and NotFoundState stand alone', () => {
    render(
      <MemoryRouter>
        <ErrorState title="Oops" message="Nope" />
        <NotFoundState />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Oops' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  test('names the action, waits for it, and stays open when it fails', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    let fail = true;
    const onConfirm = vi.fn(async () => {
      if (fail) throw new Error('no');
    });
    render(
      <ConfirmDialog title="Delete this program?" confirmText="Delete program" danger onConfirm={onConfirm} onClose={onClose}>
        People will stop getting intros.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: /Delete this program\?/ });
    await user.click(within(dialog).getByRole('button', { name: 'Delete program' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete program' }));
    expect(onClose).toHaveBeenCalled();
  });

  test('confirmAction resolves false on Cancel and true on confirm', async () => {
    const user = userEvent.setup();
    render(<ModalHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmAction({ title: 'Archive?', confirmText: 'Archive' });
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    act(() => {
      answer = confirmAction({ title: 'Archive?', confirmText: 'Archive' });
    });
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await expect(answer).resolves.toBe(true);
  });
});

describe('SendNowButton', () => {
  test('asks first, saying who and where, and sends only on confirm', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => undefined);
    render(
      <>
        <ModalHost />
        <SendNowButton summary={async () => ({ text: '12 group DMs to 24 people in #intros' })} onSend={onSend} aria-label="Send now: #intros" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Send now: #intros' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send now?' });
    expect(await within(dialog).findByText('12 group DMs to 24 people in #intros')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send now: #intros' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send now' }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});

describe('TimeZoneSelect options', () => {
  test('label zones by city and offset, west to east, searchable by IANA id', () => {
    const at = Date.UTC(2026, 0, 15);
    const options = timeZoneOptions('America/New_York', at);
    const ny = options.find((o) => o.value === 'America/New_York');
    expect(ny?.label).toBe('New York (UTC−05:00)');
    expect(String(ny?.search)).toContain('America/New_York');
    const idx = (z: string) => options.findIndex((o) => o.value === z);
    expect(idx('America/Los_Angeles')).toBeLessThan(idx('America/New_York'));
    expect(idx('America/New_York')).toBeLessThan(idx('Europe/Berlin'));
  });
});

describe('DateRangePicker', () => {
  test('presets set the range ending today; a backwards custom range is an error and not passed on', async () => {
    const user = userEvent.setup();
    const seen: DateRange[] = [];
    function Harness() {
      const [range, setRange] = useState<DateRange>({ from: '2026-10-26', to: '2026-11-24' });
      return (
        <DateRangePicker
          today="2026-11-24"
          value={range}
          onChange={(r) => {
            seen.push(r);
            setRange(r);
          }}
        />
      );
    }
    render(<Harness />);
    expect(screen.getByRole('radio', { name: '30 days' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(seen.at(-1)).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(screen.getByText('Nov 18 – Nov 24, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    // The ends are the kit's DateFields (no browser date input): typed as mm/dd/yyyy, or picked on the calendar.
    expect(document.querySelector('input[type="date"]')).toBeNull();
    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).toHaveValue('11/18/2026');
    await user.clear(from);
    await user.type(from, '11/23/2026{Enter}');
    expect(seen.at(-1)).toEqual({ from: '2026-11-23', to: '2026-11-24' });
    await user.clear(from);
    await user.type(from, '11/10/2026{Enter}');
    expect(seen.at(-1)).toEqual({ from: '2026-11-10', to: '2026-11-24' });
    // A day after today (the default max) cannot be typed or picked.
    const to = screen.getByRole('textbox', { name: 'To' });
    await user.clear(to);
    await user.type(to, '11/25/2026{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a day on or before Nov 24, 2026');
    expect(seen.at(-1)).toEqual({ from: '2026-11-10', to: '2026-11-24' });
    await user.click(screen.getByRole('button', { name: 'Choose to' }));
    const calendar = screen.getByRole('dialog', { name: 'Choose to' });
    expect(within(calendar).getByRole('button', { name: 'Wednesday, November 25, 2026, not available' })).toHaveAttribute('aria-disabled', 'true');
    // The calendar opens on the end date, focused; arrow keys move by a day and Enter picks.
    expect(within(calendar).getByRole('button', { name: 'Tuesday, November 24, 2026' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Enter}');
    expect(seen.at(-1)).toEqual({ from: '2026-11-10', to: '2026-11-22' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // An end before the start is an error at the end date, marked on its field, and not passed on.
    await user.clear(to);
    await user.type(to, '11/01/2026{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The end date is before the start date.');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(seen.at(-1)).toEqual({ from: '2026-11-10', to: '2026-11-22' });
  });
});

describe('DataTable', () => {
  interface Member {
    id: number;
    name: string;
    met: number;
  }
  const col = dataTableColumns<Member>();
  const columns = [col.accessor('name', { header: 'Name' }), col.accessor('met', { header: 'Intros met' })];
  const members: Member[] = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `Person ${String(i + 1).padStart(2, '0')}`, met: (i * 7) % 11 }));

  test('pages, sorts by a header click, and searches', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Members" data={members} columns={columns} getRowId={(m) => String(m.id)} pageSize={10} searchPlaceholder="Search members…" />);
    const table = screen.getByRole('table', { name: 'Members' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('1–10 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(within(table).getByText('Person 11')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /Name/ }));
    await user.click(within(table).getByRole('button', { name: /Name/ }));
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Person 30');

    await user.type(screen.getByRole('searchbox', { name: 'Search Members' }), 'Person 2');
    expect(screen.getByText('1–10 of 10 (filtered from 30)')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody');
    expect(within(table).getByText('Nothing matches “nobody”.')).toBeInTheDocument();
  });
});

describe('InlineError', () => {
  test('is announced with its sentence, an optional action and Try again', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { container, rerender } = render(
      <InlineError onRetry={onRetry} action={<a href="/all_channels">Open it</a>}>
        We couldn't load the templates.
      </InlineError>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the templates.");
    expect(alert).toHaveClass('kit-inline-error-box');
    expect(alert.querySelector('svg')).not.toBeNull();
    expect(within(alert).getByRole('link', { name: 'Open it' })).toHaveAttribute('href', '/all_channels');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(
      <>
        <input aria-describedby="name-error" aria-label="Name" />
        <InlineError id="name-error" variant="text" className="layout-gap">
          Pick a name
        </InlineError>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Pick a name');
    expect(screen.getByRole('alert')).toHaveClass('kit-inline-error-text', 'layout-gap');
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });
});

describe('DataTable server paging', () => {
  interface Row {
    id: number;
    name: string;
  }
  const col = dataTableColumns<Row>();
  const columns = [col.accessor('name', { header: 'Name' }), col.display({ id: 'actions', header: 'Actions', cell: (info) => <button type="button">Opt {info.row.original.name} out</button> })];
  const all: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Person ${String(i + 1).padStart(2, '0')}` }));

  /** Stands in for the server: 10 a page, sorted by it; the table only shows what it is given. */
  function ServerTable({ onPage }: { onPage?: (page: number) => void }) {
    const [page, setPage] = useState(1);
    const rows = all.slice((page - 1) * 10, page * 10);
    return (
      <DataTable
        label="Members"
        data={rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        rowHeader="name"
        pagerLabel="Pages of members"
        paging={{
          page,
          pageSize: 10,
          total: all.length,
          onPageChange: (next) => {
            onPage?.(next);
            setPage(next);
          },
        }}
      />
    );
  }

  test('shows the page it is given, counts from the server total, and asks for the next page', async () => {
    const user = userEvent.setup();
    const asked: number[] = [];
    render(<ServerTable onPage={(p) => asked.push(p)} />);
    const table = screen.getByRole('table', { name: 'Members' });
    expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(all.slice(0, 10).map((r) => r.name));
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages of members' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: /Previous/ })).toBeDisabled();
    // The server pages, searches and sorts: no search box, no sortable headers (sorting one page would mislead).
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(within(table).queryByRole('button', { name: /Name/ })).toBeNull();

    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(asked).toEqual([2, 3]);
    expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Person 21', 'Person 22', 'Person 23']);
    expect(screen.getByText('21–23 of 23')).toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 3 of 3');
    expect(within(pager).getByRole('button', { name: /Next/ })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: /Previous/ }));
    expect(asked).toEqual([2, 3, 2]);
    expect(within(table).getByRole('button', { name: 'Opt Person 11 out' })).toBeInTheDocument();
  });

  test('one page from the server has no pager; busy marks the table while the next page loads', () => {
    render(
      <DataTable label="Members" data={all.slice(0, 3)} columns={columns} busy paging={{ page: 1, pageSize: 10, total: 3, onPageChange: () => undefined }} />,
    );
    expect(screen.getByRole('table', { name: 'Members' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });
});
