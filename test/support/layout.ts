import type { Page } from 'playwright-core';

/** Whether anything on the page is wider than the window (the whole page would scroll sideways). */
export async function overflowsX(page: Page): Promise<boolean> {
  return page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1') as Promise<boolean>;
}

/** The elements that stick out past the right edge of the window (for a helpful failure message). */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('.kit-table-scroll, [data-scrolls-x]'))
    .slice(0, 8)
    .map((el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : ''))`) as Promise<string[]>;
}
