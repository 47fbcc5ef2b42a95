/**
 * Whether the development tools (the kit page at /dev/kit) are on: in `vite` dev mode, or when the server
 * runs outside production and says so in the page shell (<meta name="hearth-dev-tools" content="1">).
 */
export function devToolsEnabled(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') return true;
  return doc?.querySelector('meta[name="hearth-dev-tools"]')?.getAttribute('content') === '1';
}
