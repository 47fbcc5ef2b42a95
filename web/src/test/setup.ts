// The web project's setup file (vitest.config.ts): it runs before each test file, in the module cache the files share.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { onMissingScope, onPaymentRequired, resetRedirectGuard, setCsrfToken } from '../api/client';
import { sessionStore } from '../api/currentUser';
import { closeAllModals } from '../kit/modal/store';
import { openPermissionsModal } from '../kit/modal/PermissionsModal';
import { openUpgradeModal } from '../kit/modal/UpgradeModal';
import { clearToasts } from '../kit/toast/store';
import { remoteSearchCache } from '../kit/select/remoteSearch';

// findBy… waits up to 5 s: on a loaded 2-core CI machine a page's first render can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });
// As main.tsx does: a 402 opens the upgrade dialog, a missing Slack permission the permissions modal.
onPaymentRequired(openUpgradeModal);
onMissingScope(openPermissionsModal);

afterEach(() => {
  cleanup();
  clearToasts();
  closeAllModals();
  resetRedirectGuard();
  setCsrfToken(undefined);
  sessionStore.set(null);
  remoteSearchCache.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
