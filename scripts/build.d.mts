// Types of scripts/build.mjs for the TypeScript that uses it (the benches).
export const root: string;
export const serverMain: string;
export function serverStale(): boolean;
export function pagesStale(): boolean;
export function bundle(entryPoints: string[], outdir: string, outbase?: string): Promise<void>;
export function buildServer(): Promise<void>;
export function buildPages(): Promise<number>;
