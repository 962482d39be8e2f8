import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds a forked benchmark server (`bench/<name>.ts`) the way `npm start` builds the server — one
 * bundled module, run without a TypeScript loader — so its memory and speed are the server's.
 * Answers the file to fork.
 */
export async function buildBenchServer(name: string): Promise<string> {
  const [entry] = await buildServer({ [name]: `bench/${name}.ts` }, join(ROOT, 'bench/results/server'));
  return entry!;
}
