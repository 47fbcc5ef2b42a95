import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { browser } from '../../api/browser';
import { ApiError } from '../../api/client';
import { useCurrentUser } from '../../api/currentUser';
import { ConfirmDialog, DEFAULT_ERROR_TEXT, FileField, Spinner, TextField, toastError } from '../../kit';
import { PageHeader } from '../PageHeader';
import { AssetUploader, NO_FILE_TEXT } from './AssetUploader';
import { failed, manifestQuery, useDeleteMyData, useDeleteWorkspaceData, useImportData, WORKSPACE_DELETED_PATH } from './settingsApi';
import '../intros/intros.css';
import './settings.css';

function ImportForm({ path, label, accept, multiple = false, summarize }: { path: string; label: string; accept: string; multiple?: boolean; summarize: (body: Record<string, unknown>) => string }) {
  const [files, setFiles] = useState<File[]>([]);
  const importing = useImportData(path);
  const busy = importing.isPending;
  const result = importing.data ? summarize(importing.data) : null;
  const run = () => {
    if (!files.length) return void toastError(NO_FILE_TEXT);
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    importing.mutate(form);
  };
  return (
    <div className="settings-fields">
      <div className="settings-inline">
        <FileField label={label} accept={accept} multiple={multiple} files={files} onChange={setFiles} disabled={busy} />
        <button type="button" className="button button-primary" disabled={busy} onClick={run}>
          {busy && <Spinner title="" />} Import
        </button>
      </div>
      {result && (
        <p className="muted" role="status">
          {result}
        </p>
      )}
    </div>
  );
}

const count = (o: unknown) => Object.values((o as Record<string, number>) ?? {}).reduce((a, b) => a + b, 0);

/**
 * /settings/data: every member exports their own data; a workspace admin also exports and imports the workspace's
 * data (docs/data-format.md) and uploads files.
 */
export default function WorkspaceDataPage() {
  const user = useCurrentUser();
  const admin = user.data?.permissions.workspace_data === true;
  return (
    <div className="settings-page">
      <PageHeader title={admin ? 'Workspace data' : 'Your data'} subtitle="Your data is yours: take it anywhere, or bring it from another tool." />
      <section className="card settings-section" aria-labelledby="mine-title">
        <h2 id="mine-title" className="card-title">Export my data</h2>
        <p className="muted section-lead">One JSON file with everything Hearth keeps about you: your profile and settings, your dates, your points, shoutouts and redemptions.</p>
        <a className="button button-secondary" href="/data/mine.json" download>
          Export my data (JSON)
        </a>
      </section>
      <DeleteMyData />
      {admin && <WorkspaceSections />}
      {admin && user.data && <DeleteWorkspaceData name={user.data.team.name || user.data.team.slack_team_id} />}
    </div>
  );
}

/** "Delete my data": confirmed in a dialog; the session ends with it, so the page leaves for the start page. */
function DeleteMyData() {
  const [confirming, setConfirming] = useState(false);
  const deleteMine = useDeleteMyData();
  const erase = async () => {
    try {
      await deleteMine.mutateAsync();
      browser.assign('/');
    } catch (error) {
      failed(error, DEFAULT_ERROR_TEXT);
    }
  };
  return (
    <section className="card settings-section" aria-labelledby="delete-mine-title">
      <h2 id="delete-mine-title" className="card-title">Delete my data</h2>
      <p className="muted section-lead">
        Hearth deletes your profile, settings, dates, preferences, points and answers. Groups you met in and shoutouts you gave or received stay in other people’s history, without your name. This cannot be undone.
      </p>
      <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
        Delete my data
      </button>
      {confirming && (
        <ConfirmDialog title="Delete your data?" confirmText="Delete my data" danger onConfirm={erase} onClose={() => setConfirming(false)}>
          Everything Hearth holds about you is deleted now, and you are signed out. If you stay in a Hearth channel, Hearth meets you again as a new member.
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The workspace's export and imports, and its files (workspace admins). */
function WorkspaceSections() {
  const manifest = useQuery(manifestQuery);
  return (
    <>
      <section className="card settings-section" aria-labelledby="export-title">
        <h2 id="export-title" className="card-title">Export</h2>
        <p className="muted section-lead">One JSON file with every program’s data, or one CSV file per table. The JSON file describes itself: its manifest lists every table’s columns and the tables they refer to, so another tool can read it without Hearth.</p>
        <a className="button button-primary" href="/data/export.json" download>
          Download everything (JSON)
        </a>
        {manifest.data && (
          <ul className="divided-list settings-list" aria-label="CSV files">
            {manifest.data.tables.map((t) => (
              <li key={t.table}>
                <span>
                  <strong>{t.table}</strong> <span className="muted">{t.description}</span>
                </span>
                <a href={`/data/export/${t.table}.csv`} download>
                  CSV
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card settings-section" aria-labelledby="import-title">
        <h2 id="import-title" className="card-title">Import a Hearth export</h2>
        <p className="muted section-lead">
          Into a workspace that does not have this data yet: the JSON file, or the CSV files above (one or several, named as they were downloaded). Everything is checked first; if anything is wrong, nothing is imported.
        </p>
        <ImportForm path="/data/import" label="Hearth export (.json or .csv files)" accept="application/json,.json,text/csv,.csv" multiple summarize={(b) => `Imported ${count(b.imported)} rows; ${count(b.matched)} matched what was already here.`} />
      </section>
      <section className="card settings-section" aria-labelledby="donut-title">
        <h2 id="donut-title" className="card-title">Import from Donut</h2>
        <p className="muted section-lead">An intros history CSV (so the first rounds avoid old pairs) or a birthdays and start dates CSV.</p>
        <ImportForm path="/data/import_donut" label="Donut export (.csv)" accept="text/csv,.csv" summarize={(b) => `Imported ${String(b.imported)} ${b.kind === 'intros' ? 'past intros' : 'dates'}; ${String(b.skipped_count)} rows skipped.`} />
      </section>
      <section className="card settings-section" aria-labelledby="files-title">
        <h2 id="files-title" className="card-title">Files</h2>
        <p className="muted section-lead">Images and documents for your programs’ messages: up to 100 MB for all files together.</p>
        <AssetUploader />
      </section>
    </>
  );
}

/**
 * "Delete this workspace's data" (workspace admins): the admin types the workspace's name in the confirm dialog (the
 * server checks it too); everything goes at once and for good, and the admin lands, signed out, on a page that says so.
 */
function DeleteWorkspaceData({ name }: { name: string }) {
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deleteAll = useDeleteWorkspaceData();
  const close = () => {
    setConfirming(false);
    setTyped('');
    setError(null);
  };
  const erase = async () => {
    try {
      await deleteAll.mutateAsync({ confirm_name: typed });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setError(e.serverError ?? `Type ${name} to confirm`);
      else failed(e, DEFAULT_ERROR_TEXT);
      throw e;
    }
    browser.assign(WORKSPACE_DELETED_PATH);
  };
  return (
    <section className="card settings-section" aria-labelledby="delete-workspace-title">
      <h2 id="delete-workspace-title" className="card-title">Delete this workspace’s data</h2>
      <p className="muted section-lead">
        Hearth deletes everything it holds for {name}: every program, round and journey, everyone’s profiles, dates, points and answers, the reports, the links to your HR system, applicant tracking and calendars, and every uploaded file.
        Messages already in Slack stay there. This cannot be undone.
      </p>
      <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
        Delete this workspace’s data
      </button>
      {confirming && (
        <ConfirmDialog title={`Delete ${name}’s data?`} confirmText="Delete everything" danger onConfirm={erase} onClose={close}>
          <p>Everything Hearth holds for this workspace is deleted now, for everyone, and you are signed out. This cannot be undone. Remove Hearth from the workspace in Slack too, or it stays installed with nothing behind it.</p>
          <TextField
            label={`Type ${name} to confirm`}
            value={typed}
            onChange={(v) => {
              setTyped(v);
              setError(null);
            }}
            error={error}
            autoComplete="off"
            maxLength={200}
            counter={false}
          />
        </ConfirmDialog>
      )}
    </section>
  );
}
