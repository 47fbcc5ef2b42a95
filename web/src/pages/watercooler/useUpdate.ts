import { api } from '../../api/client';
import { openUpgradeModal, toastSuccess } from '../../kit';
import { useStoreWatercooler, type WatercoolerAnswer, type WatercoolerJson } from './watercoolerApi';

/** programs.md §8. */
export const SAVE_ERROR_TEXT = 'Error saving settings. Please try again.';
/** Said after a change to the program's settings (not the members' "preferences" text). */
export const SAVED_TEXT = 'Watercooler settings saved.';

/** The upgrade dialog for what only Premium has (own prompts and packs, every library pack). */
export function upgrade(wc: WatercoolerJson) {
  openUpgradeModal({ feature: 'custom_prompts', trialAvailable: wc.plan.trialAllowed, message: 'Write your own prompts and packs, and use every pack in the library.' });
}

/** PUT /watercooler/{id}/update_as_json with part of the settings; the answer replaces the page's data. */
export function useUpdate(id: string) {
  const store = useStoreWatercooler(id);
  return async (watercooler: Record<string, unknown>, success = SAVED_TEXT): Promise<boolean> => {
    try {
      store(await api.put<WatercoolerAnswer>(`/watercooler/${id}/update_as_json`, { watercooler }, { errorText: SAVE_ERROR_TEXT }), { library: false });
      if (success) toastSuccess(success);
      return true;
    } catch {
      return false;
    }
  };
}
