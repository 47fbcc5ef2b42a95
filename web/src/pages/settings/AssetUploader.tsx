import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { POLL_PRESETS, usePollingQuery } from '../../api/polling';
import { FileField, Spinner, StatusPill, toastError, UPLOAD_FAILED_TEXT } from '../../kit';
import { assetQuery, uploadLimitsQuery, useUploadAssets, type AssetJson } from './settingsApi';
import './assetUploader.css';

export type { AssetJson };

/** programs.md §5, §8, §9, word for word. */
export const TOTAL_UPLOAD_BYTES = 100_000_000;
export const TOTAL_LIMIT_TEXT = 'File size limit exceeded (max 100 MB total for all files).';
export const NO_FILE_TEXT = 'Please select a file for upload.';
export const tooLargeText = (names: string[], mb: number) => `File(s) too large: ${names.join(', ')}. Maximum file size is ${mb}MB per file.`;
export const UPLOAD_TIMEOUT_MS = 600_000;

/** The checks made before anything is sent (the server makes them again while it streams). */
export function checkFiles(files: readonly File[], maxFileMb?: number): string | null {
  if (!files.length) return NO_FILE_TEXT;
  if (files.reduce((n, f) => n + f.size, 0) > TOTAL_UPLOAD_BYTES) return TOTAL_LIMIT_TEXT;
  if (maxFileMb) {
    const big = files.filter((f) => f.size > maxFileMb * 1_000_000).map((f) => f.name);
    if (big.length) return tooLargeText(big, maxFileMb);
  }
  return null;
}

/**
 * One uploaded file: polled every 3 s until processed (POLL_PRESETS.asset); still unfinished after 10 polls, it
 * counts as failed. Tells the uploader once when it is done, or says why it failed.
 */
function AssetRow({ asset, onUploaded }: { asset: AssetJson; onUploaded?: (asset: AssetJson) => void }) {
  const poll = usePollingQuery({ ...assetQuery(asset.id), initialData: asset, preset: POLL_PRESETS.asset, isDone: (a) => a.state !== 'needs_processing' });
  const current = poll.data ?? asset;
  const failedNow = poll.isError || poll.pollTimedOut || current.state === 'failed_processing';
  const state = failedNow ? 'failed_processing' : current.state;
  const why = current.state === 'failed_processing' ? (current.errors[0] ?? UPLOAD_FAILED_TEXT) : UPLOAD_FAILED_TEXT;
  useEffect(() => {
    if (state === 'uploaded') onUploaded?.(current);
    else if (state === 'failed_processing') toastError(why);
    // Once per outcome: the parent's callback may be a new function each render.
  }, [state]);
  return (
    <li className="asset-row" data-state={state}>
      {current.thumbnail_url && <img className="thumbnail" src={current.thumbnail_url} alt="" />}
      <a href={current.url}>{current.file_name}</a>
      <StatusPill tone={state === 'needs_processing' ? 'info' : state === 'uploaded' ? 'success' : 'error'}>
        {state === 'needs_processing' ? 'Processing…' : state === 'uploaded' ? 'Uploaded' : why}
      </StatusPill>
    </li>
  );
}

/** Uploads files (POST /onboarding/assets, multipart) and shows each one's processing state. */
export function AssetUploader({ onUploaded, label = 'Files', accept, multiple = true }: { onUploaded?: (asset: AssetJson) => void; label?: string; accept?: string; multiple?: boolean }) {
  const maxFileMb = useQuery(uploadLimitsQuery).data?.max_file_mb ?? undefined;
  const [files, setFiles] = useState<File[]>([]);
  const [assets, setAssets] = useState<AssetJson[]>([]);
  const upload = useUploadAssets(UPLOAD_TIMEOUT_MS);
  const busy = upload.isPending;

  const start = () => {
    const problem = checkFiles(files, maxFileMb);
    if (problem) return void toastError(problem);
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    upload.mutate(form, {
      onSuccess: (res) => {
        setAssets((old) => [...res.assets, ...old]);
        setFiles([]);
      },
      onError: (error) => toastError(error instanceof ApiError && error.serverError ? error.serverError : UPLOAD_FAILED_TEXT),
    });
  };

  return (
    <div className="asset-uploader">
      <div className="asset-uploader-pick">
        <FileField label={label} name="files" accept={accept} multiple={multiple} files={files} onChange={setFiles} disabled={busy} hint={maxFileMb ? `Up to ${maxFileMb} MB a file, 100 MB in all.` : 'Up to 100 MB in all.'} />
        <button type="button" className="button button-primary" disabled={busy} onClick={start}>
          {busy && <Spinner title="" />} Upload
        </button>
      </div>
      {assets.length > 0 && (
        <ul className="divided-list asset-list" aria-label="Uploaded files">
          {assets.map((a) => (
            <AssetRow key={a.id} asset={a} onUploaded={onUploaded} />
          ))}
        </ul>
      )}
    </div>
  );
}
