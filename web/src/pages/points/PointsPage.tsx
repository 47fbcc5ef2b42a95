import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/client';
import { ArrowDownIcon, ArrowUpIcon, ErrorState, Field, InlineError, Modal, ModalCancelButton, PersonName, SortIcon, TextField, toastSuccess } from '../../kit';
import { PageHeader } from '../PageHeader';
import { nextSort, pointsPageQuery, useSavePointsSettings, useSaveWallet, walletsPageQuery, type LeaderboardColumn, type OrderDir, type PointsProgramJson, type WalletUserJson, type WalletsQuery } from './pointsApi';
import { DateFilter, dateParams, NO_DATES, type DateFilterValue } from './DateFilter';
import './points.css';

const COLUMNS: Array<{ col: LeaderboardColumn; label: string; admin?: boolean }> = [
  { col: 'name', label: 'Name' },
  { col: 'points_received', label: 'Received' },
  { col: 'points_given', label: 'Given' },
  { col: 'current_redeemable', label: 'To spend' },
  { col: 'allowance', label: 'Allowance', admin: true },
];

/** /points: the leaderboard (GET /points/wallets), the member's wallet, and for admins the points settings. */
export default function PointsPage() {
  const page = useQuery(pointsPageQuery);
  const [sort, setSort] = useState<{ col: LeaderboardColumn; dir: OrderDir }>({ col: 'points_received', dir: 'desc' });
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<DateFilterValue>(NO_DATES);
  const [pageNo, setPageNo] = useState(1);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [bonusFor, setBonusFor] = useState<WalletUserJson | null>(null);
  const isAdmin = page.data?.is_admin ?? false;
  const q: WalletsQuery = {
    page: pageNo,
    order_col: sort.col,
    order_dir: sort.dir,
    page_view_key: 'leaderboard',
    user_search: search,
    for_people_page: false,
    ...dateParams(range),
  };
  const wallets = useQuery({ ...walletsPageQuery(q), placeholderData: keepPreviousData });
  const plural = page.data?.points_program.points_name_plural ?? 'points';
  const columns = COLUMNS.filter((c) => !c.admin || isAdmin);

  return (
    <div className="pts-page">
      <PageHeader
        title="Points leaderboard"
        subtitle={page.data ? `You have ${page.data.wallet.current_redeemable} ${plural} to spend and ${page.data.wallet.allowance_remaining} of ${page.data.wallet.allowance} left to give this month.` : undefined}
        actions={
          isAdmin ? (
            <button type="button" className="button button-secondary" onClick={() => setSettingsOpen(true)}>
              Points settings
            </button>
          ) : undefined
        }
      />
      {page.isError && <ErrorState error={page.error} onRetry={() => void page.refetch()} />}
      <section className="card pts-section" aria-label="Leaderboard">
        <div className="pts-filters">
          <TextField label="Search people" type="search" value={search} placeholder="Name or email" counter={false} onChange={(v) => { setSearch(v); setPageNo(1); }} />
          <DateFilter value={range} onChange={(next) => { setRange(next); setPageNo(1); }} />
        </div>
        {wallets.isError && <InlineError>{errorText(wallets.error)}</InlineError>}
        {/* Wide on a narrow window (an admin sees allowances and a button a row): it scrolls sideways, by keyboard too. */}
        <div className="table-scroll" role="region" aria-label="Leaderboard table" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                {columns.map((c) => (
                  <th key={c.col} scope="col" aria-sort={sort.col === c.col ? (sort.dir === 'desc' ? 'descending' : 'ascending') : 'none'}>
                    <button type="button" className="table-sort" onClick={() => { setSort((s) => nextSort(s, c.col)); setPageNo(1); }}>
                      {c.label}
                      {sort.col === c.col ? sort.dir === 'desc' ? <ArrowDownIcon aria-hidden="true" /> : <ArrowUpIcon aria-hidden="true" /> : <SortIcon aria-hidden="true" />}
                    </button>
                  </th>
                ))}
                {isAdmin && <th scope="col"><span className="visually-hidden">Actions</span></th>}
              </tr>
            </thead>
            <tbody>
              {wallets.data?.list.map((w, i) => (
                <tr key={w.id}>
                  <td className="muted">{(pageNo - 1) * 25 + i + 1}</td>
                  <td>
                    <PersonName person={w} />
                  </td>
                  <td>{w.points.received}</td>
                  <td>{w.points.given}</td>
                  <td>{w.points.current_redeemable}</td>
                  {isAdmin && (
                    <td>
                      {w.points.allowance}
                      {w.points.is_custom_allowance ? <span className="muted"> (custom)</span> : null}
                    </td>
                  )}
                  {isAdmin && (
                    <td>
                      <button type="button" className="button button-secondary pts-small" onClick={() => setBonusFor(w)}>
                        Bonus or allowance
                      </button>
                    </td>
                  )}
                </tr>
              ))}
              {wallets.data && !wallets.data.list.length && (
                <tr>
                  <td colSpan={columns.length + 2} className="muted">
                    No one matches.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
        <div className="button-row pts-pager">
          <button type="button" className="button button-secondary" disabled={pageNo === 1} onClick={() => setPageNo((p) => p - 1)}>
            Previous
          </button>
          <span className="muted">Page {pageNo}</span>
          <button type="button" className="button button-secondary" disabled={!wallets.data?.nextPage} onClick={() => setPageNo(wallets.data?.nextPage ?? pageNo)}>
            Next
          </button>
        </div>
      </section>
      {settingsOpen && page.data && <SettingsModal program={page.data.points_program} onClose={() => setSettingsOpen(false)} />}
      {bonusFor && (
        <BonusModal
          person={bonusFor}
          plural={plural}
          onClose={() => setBonusFor(null)}
        />
      )}
    </div>
  );
}

function SettingsModal({ program, onClose }: { program: PointsProgramJson; onClose: () => void }) {
  const [plural, setPlural] = useState(program.points_name_plural);
  const [allowance, setAllowance] = useState(String(program.default_allowance));
  const [cap, setCap] = useState(String(program.daily_cap));
  const [rules, setRules] = useState<Record<string, string>>(Object.fromEntries(program.rules.map((r) => [r.key, String(r.points)])));
  const [error, setError] = useState<string | null>(null);
  const save = useSavePointsSettings();
  const saving = save.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      {
        points_name_plural: plural,
        default_allowance: Number(allowance),
        daily_cap: Number(cap),
        rules: Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, Number(v)])),
      },
      {
        onSuccess: () => {
          toastSuccess('Your preferences have been saved.');
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  return (
    <Modal title="Points settings" onClose={onClose} size="medium" footer={<><ModalCancelButton /><button type="submit" form="pts-settings" className="button button-primary" disabled={saving}>Save</button></>}>
      <form id="pts-settings" className="pts-form" onSubmit={submit}>
        <TextField label="What points are called (plural)" value={plural} onChange={setPlural} maxLength={40} required />
        <Field label="Monthly allowance to give" required>
          {(control) => <input className="kit-input" type="number" min={0} {...control} value={allowance} onChange={(e) => setAllowance(e.target.value)} required />}
        </Field>
        <Field label="Most a person can earn in a day" hint="Counted in each person's own local day" required>
          {(control) => <input className="kit-input" type="number" min={0} {...control} value={cap} onChange={(e) => setCap(e.target.value)} required />}
        </Field>
        <fieldset className="plain-fieldset pts-rules">
          <legend className="field-label">Points for program events (0 turns one off)</legend>
          {program.rules.map((r) => (
            <Field key={r.key} label={r.label} className="pts-rule">
              {(control) => <input className="kit-input" type="number" min={0} {...control} value={rules[r.key] ?? ''} onChange={(e) => setRules((x) => ({ ...x, [r.key]: e.target.value }))} />}
            </Field>
          ))}
        </fieldset>
        {error && <InlineError variant="text">{error}</InlineError>}
      </form>
    </Modal>
  );
}

function BonusModal({ person, plural, onClose }: { person: WalletUserJson; plural: string; onClose: () => void }) {
  const [points, setPoints] = useState('');
  const [note, setNote] = useState('');
  const [allowance, setAllowance] = useState(person.points.is_custom_allowance ? String(person.points.allowance) : '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveWallet();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const custom = allowance.trim() === '' ? null : Number(allowance);
    save.mutate(
      {
        memberId: person.id,
        allowance: custom !== (person.points.is_custom_allowance ? person.points.allowance : null) ? custom : undefined,
        bonus: points.trim() !== '' ? { points: Number(points), note } : undefined,
      },
      {
        onSuccess: () => {
          toastSuccess(points.trim() !== '' ? `${person.name} got ${points} bonus ${plural}.` : 'Your preferences have been saved.');
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  return (
    <Modal title={person.name} onClose={onClose} size="small" footer={<><ModalCancelButton /><button type="submit" form="pts-bonus" className="button button-primary" disabled={save.isPending}>Save</button></>}>
      <form id="pts-bonus" className="pts-form" onSubmit={submit}>
        <Field label={`Bonus ${plural}`} optional>
          {(control) => <input className="kit-input" type="number" min={1} {...control} value={points} onChange={(e) => setPoints(e.target.value)} />}
        </Field>
        <TextField label="Note" value={note} onChange={setNote} maxLength={500} optional />
        <Field label="Monthly allowance to give" hint="Empty: the workspace's default" optional>
          {(control) => <input className="kit-input" type="number" min={0} {...control} value={allowance} onChange={(e) => setAllowance(e.target.value)} />}
        </Field>
        {error && <InlineError variant="text">{error}</InlineError>}
      </form>
    </Modal>
  );
}
