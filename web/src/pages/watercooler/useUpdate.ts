import { openUpgradeModal, toastSuccess } from '../../kit';
import { useWatercoolerWrite, watercoolerRequests, type WatercoolerJson } from './watercoolerApi';

export { SAVE_ERROR_TEXT } from './watercoolerApi';
/** Said after a change to the program's settings (not the members' "preferences" text). */
export const SAVED_TEXT = 'Watercooler settings saved.';

/** The upgrade dialog for what only Premium has (own prompts and packs, every library pack). */
export function upgrade(wc: WatercoolerJson) {
  openUpgradeModal({ feature: 'custom_prompts', trialAvailable: wc.plan.trialAllowed, message: 'Write your own prompts and packs, and use every pack in the library.' });
}

/**
 * PUT /watercooler/{id}/update_as_json with part of the settings; the answer replaces the page's data.
 * `save(fields, success)` says `success` ('' for nothing) and answers whether it worked; `isPending` while saving.
 */
export function useUpdate(id: string) {
  const write = useWatercoolerWrite(id, { library: false });
  const save = async (watercooler: Record<string, unknown>, success = SAVED_TEXT): Promise<boolean> => {
    try {
      await write.mutateAsync(() => watercoolerRequests(id).update(watercooler));
    } catch {
      return false; // the API client said so
    }
    if (success) toastSuccess(success);
    return true;
  };
  return { save, isPending: write.isPending };
}
