import { createStore } from '../kit/createStore';
import type { CurrentUser } from './types';

/** The signed-in member as last loaded, for code outside React (the 402 handler picks the upgrade variant). */
export const sessionStore = createStore<CurrentUser | null>(null);
