import { useState } from 'react';
import { errorText } from '../../../api/client';
import { FileField, Spinner, toastError, toastSuccess } from '../../../kit';
import { useImportDates, useImportStatus, useRefresh, type ImportJson } from '../celebrationsApi';

const SAMPLE_CSV = 'Email,Birthday (MM/DD/YYYY),Start date (MM/DD/YYYY)\nana@example.com,06/18,09/10/2018\nsam@example.com,02/29/1996,03/13/2023\n';

/** Dates from a CSV file: uploaded, processed in the background (polled), and the rows that failed listed. */
export function ImportDates({ id }: { id: string }) {
  const refresh = useRefresh(id);
  const [file, setFile] = useState<File | null>(null);
  const importDates = useImportDates(id);
  const uploading = importDates.isPending;
  /** The import the last upload started: polled until processed (useImportStatus). */
  const [started, setStarted] = useState<ImportJson | null>(null);
  const status = useImportStatus(id, started, (end) => {
    if (end.status === 'done' && end.data.state === 'uploaded') toastSuccess(`Imported dates for ${end.data.summary.imported_rows ?? 0} people.`);
    if (end.status === 'error') toastError(errorText(end.error));
    void refresh('all');
  });
  // A failure: shown by the API client.
  const upload = () => {
    if (!file) return toastError('Please select a file for upload.');
    setStarted(null);
    importDates.mutate(file, {
      onSuccess: (answer) => {
        setStarted(answer);
        setFile(null);
      },
    });
  };
  const result = started && status.data;
  const processing = result?.state === 'needs_processing' && !status.pollTimedOut && !status.isError;
  const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;
  return (
    <section className="card cel-section" aria-labelledby="cel-import-title">
      <h2 id="cel-import-title" className="card-title">Import dates from a CSV</h2>
      <p className="muted">
        Columns <code>Email</code>, <code>Birthday</code> and <code>Start date</code>. Put the date format in the header, like <code>Birthday (DD/MM/YYYY)</code>: MM/DD/YYYY (the default), DD/MM/YYYY or YYYY/MM/DD. Birthdays may leave out the year.
      </p>
      <p className="muted small cel-hint">
        Rows with a problem are listed and skipped; every other row is saved. <a className="text-link" href={sampleHref} download="celebration-dates.csv">Download a sample</a>
      </p>
      <div className="cel-upload">
        <FileField label="CSV file" accept=".csv,text/csv" files={file ? [file] : []} onChange={(files) => setFile(files[0] ?? null)} />
        <button type="button" className="button button-primary" disabled={!file || uploading || processing} onClick={() => void upload()}>
          {(uploading || processing) && <Spinner title="" />} {processing ? 'Importing…' : 'Import'}
        </button>
      </div>
      {result && result.state !== 'needs_processing' && (
        <div className={`outcome-box cel-import-result ${result.state === 'uploaded' ? 'outcome-ok' : 'outcome-failed'}`} role="status">
          {result.state === 'uploaded' ? (
            <p>
              <strong>Imported {result.summary.imported_rows ?? 0} rows</strong> from {result.file_name}: {result.summary.birthdays ?? 0} birthdays, {result.summary.anniversaries ?? 0} start dates.
              {(result.summary.error_rows ?? 0) > 0 && ` ${result.summary.error_rows} ${result.summary.error_rows === 1 ? 'row was' : 'rows were'} skipped:`}
            </p>
          ) : (
            <p>
              <strong>Nothing was imported</strong> from {result.file_name}. {result.summary.error ?? ''}
            </p>
          )}
          {result.errors.length > 0 && (
            <ul className="small divided-list cel-errors" aria-label="Rows not imported">
              {result.errors.slice(0, 100).map((e, i) => (
                <li key={`${e.row}-${i}`}>
                  <span className="muted strong-text cel-error-where">
                    Row {e.row}
                    {e.email ? ` · ${e.email}` : ''}
                  </span>
                  <span>{e.message}</span>
                </li>
              ))}
              {result.errors.length > 100 && <li className="muted">…and {result.errors.length - 100} more.</li>}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
