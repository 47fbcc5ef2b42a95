import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../api/client';
import { FileField, Spinner, StatusPill, toastError } from '../../kit';
import './assetUploader.css';

/** programs.md §5, §8, §9, word for word. */
export const TOTAL_UPLOAD_BYTES = 100_000_000;
export const TOTAL_LIMIT_TEXT = 'File size limit exceeded (max 100 MB total for all files).';
export const NO_FILE_TEXT = 'Please select a file for upload.';
export const UPLOAD_FAILED_TEXT = 'Failed to upload file.';
export const tooLargeText = (names: string[], mb: number) => `File(s) too large: ${names.join(', ')}. Maximum file size is ${mb}MB per file.`;
export const POLL_EVERY_MS = 3_000;
export const POLL_TIMES = 10;
export const UPLOAD_TIMEOUT_MS = 600_000;

export interface AssetJson {
  id: number;
  file_name: string;
  file_size: number;
  content_type: string | null;
  state: 'needs_processing' | 'uploaded' | 'failed_processing';
  errors: string[];
  url: string;
  thumbnail_url: string | null;
}

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

/** Polls an asset every 3 s until it is processed; after 10 polls still unfinished it counts as failed. */
async function pollAsset(asset: AssetJson, alive: () => boolean): Promise<AssetJson> {
  let current = asset;
  for (let i = 0; i < POLL_TIMES && current.state === 'needs_processing'; i++) {
    await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
    if (!alive()) return current;
    current = await api.get<AssetJson>(`/onboarding/assets/${asset.id}`, { toastOnError: false });
  }
  return current.state === 'needs_processing' ? { ...current, state: 'failed_processing', errors: [UPLOAD_FAILED_TEXT] } : current;
}

/** Uploads files (POST /onboarding/assets, multipart) and shows each one's processing state. */
/** The configured per-file limit (GET /onboarding/assets/limits), so every uploader checks with it. */
function useUploadLimit(): number | undefined {
  const limits = useQuery({ queryKey: ['assets', 'limits'], queryFn: () => api.get<{ max_file_mb: number | null }>('/onboarding/assets/limits', { toastOnError: false }), staleTime: Infinity });
  return limits.data?.max_file_mb ?? undefined;
}

export function AssetUploader({ onUploaded, label = 'Files', accept, multiple = true }: { onUploaded?: (asset: AssetJson) => void; label?: string; accept?: string; multiple?: boolean }) {
  const maxFileMb = useUploadLimit();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [assets, setAssets] = useState<AssetJson[]>([]);
  const mounted = useRef(true);
  // Set on every (re)mount, not only at creation: React may clean effects up and run them again on the same
  // instance (StrictMode, a Suspense boundary or Activity hiding and showing it), and polling must go on then.
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  const upload = async () => {
    const problem = checkFiles(files, maxFileMb);
    if (problem) return void toastError(problem);
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    setBusy(true);
    try {
      const res = await api.post<{ assets: AssetJson[] }>('/onboarding/assets', form, { toastOnError: false, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
      setAssets((old) => [...res.assets, ...old]);
      setFiles([]);
      await Promise.all(
        res.assets.map(async (a) => {
          const done = await pollAsset(a, () => mounted.current).catch(() => ({ ...a, state: 'failed_processing' as const, errors: [UPLOAD_FAILED_TEXT] }));
          if (!mounted.current) return;
          setAssets((old) => old.map((x) => (x.id === done.id ? done : x)));
          if (done.state === 'uploaded') onUploaded?.(done);
          else toastError(done.errors[0] ?? UPLOAD_FAILED_TEXT);
        }),
      );
    } catch (error) {
      toastError(error instanceof ApiError && error.serverError ? error.serverError : UPLOAD_FAILED_TEXT);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <div className="asset-uploader">
      <div className="asset-uploader-pick">
        <FileField label={label} name="files" accept={accept} multiple={multiple} files={files} onChange={setFiles} disabled={busy} hint={maxFileMb ? `Up to ${maxFileMb} MB a file, 100 MB in all.` : 'Up to 100 MB in all.'} />
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void upload()}>
          {busy && <Spinner title="" />} Upload
        </button>
      </div>
      {assets.length > 0 && (
        <ul className="asset-list" aria-label="Uploaded files">
          {assets.map((a) => (
            <li key={a.id} className="asset-row" data-state={a.state}>
              {a.thumbnail_url && <img src={a.thumbnail_url} alt="" />}
              <a href={a.url}>{a.file_name}</a>
              <StatusPill tone={a.state === 'needs_processing' ? 'info' : a.state === 'uploaded' ? 'success' : 'error'}>
                {a.state === 'needs_processing' ? 'Processing…' : a.state === 'uploaded' ? 'Uploaded' : (a.errors[0] ?? UPLOAD_FAILED_TEXT)}
              </StatusPill>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
