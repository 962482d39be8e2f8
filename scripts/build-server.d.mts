/** Where `npm start` builds the server (apps/server/dist). */
export const SERVER_DIST: string;
/** The newest modification time under a path (node_modules and dist left out), 0 when it is missing. */
export function newestMtime(path: string): number;
/** True when an output is missing or older than any source it is built from. */
export function buildIsStale(outputs: string[]): boolean;
/** Bundles `entries` (name → path from the repository root) into `outdir`; answers the built files. */
export function buildServer(entries?: Record<string, string>, outdir?: string): Promise<string[]>;
/** Builds the server when its build is missing or older than its sources; answers main and worker. */
export function ensureServerBuild(): Promise<string[]>;
