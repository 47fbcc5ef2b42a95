import type { ReactNode } from 'react';
import { createStore } from '../createStore';

/** A modal opened from anywhere (including non-React code such as the API client). render gets a close function. */
export interface ModalEntry {
  id: number;
  render: (close: () => void) => ReactNode;
}

export const modalStore = createStore<ModalEntry[]>([]);
let nextId = 1;

export function openModal(render: (close: () => void) => ReactNode): number {
  const id = nextId++;
  modalStore.set((list) => [...list, { id, render }]);
  return id;
}

export function closeModal(id: number): void {
  modalStore.set((list) => list.filter((m) => m.id !== id));
}

export function closeAllModals(): void {
  modalStore.set([]);
}
