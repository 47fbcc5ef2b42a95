// Types of scripts/build.mjs for the TypeScript that uses it (the benches).
export const root: string;
export const serverMain: string;
export function serverStale(): boolean;
export function pagesStale(): boolean;
export function bundle(entryPoints: string[], outdir: string, outbase?: string): Promise<void>;
export function buildServer(): Promise<void>;
export function buildPages(): Promise<number>;
export const PAGES_BUDGET: { entryGzip: number; firstLoadGzip: number };
export interface ManifestChunk { file: string; src?: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
export function firstLoads(
  manifest: Record<string, ManifestChunk>,
  sizeOf: (file: string) => number,
): { entry: { files: string[]; size: number }; routes: { route: string; files: string[]; size: number }[] };
export function checkPagesBudget(outDir?: string): string[];
