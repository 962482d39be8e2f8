// Builds the server into one JavaScript module per entry (apps/server/dist/main.mjs, worker.mjs) with
// esbuild: the application and the workspace packages bundled, npm packages left to node_modules.
// `npm start` and `npm run worker` run the build, so no TypeScript loader lives in the server process
// (tsx and the per-module source it keeps cost ≈ 80 MB of resident memory — bench/README.md).
import { existsSync, readdirSync, renameSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_DIST = join(root, 'apps/server/dist');
const SOURCES = ['apps/server/src', 'packages/contracts/src', 'packages/payroll/src', 'packages/esign/src', 'scripts/build-server.mjs'];

/** The newest modification time under a path (node_modules and dist left out), 0 when it is missing. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when an output is missing or older than any source it is built from. */
export function buildIsStale(outputs) {
  const newest = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  return outputs.some((out) => !existsSync(out) || statSync(out).mtimeMs < newest);
}

/**
 * Each module keeps the location it has in the source tree: `import.meta.url` becomes the source
 * file's URL, found from the bundle's own location, so paths computed from it (the migrations folder,
 * the fonts) stay right in the bundle, wherever the repository is.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    const outdir = build.initialOptions.outdir;
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split(sep).join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** npm packages stay external (loaded from node_modules); the workspace's own packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@wfsaas/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Bundles `entries` (paths from the repository root) into `outdir`, one `<name>.mjs` each. Files are
 * written under a temporary name and renamed, so a process starting meanwhile never loads half a file.
 */
export async function buildServer(entries = { main: 'apps/server/src/main.ts', worker: 'apps/server/src/worker.ts', backup: 'apps/server/src/backup-cli.ts' }, outdir = SERVER_DIST) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, join(root, entry)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [externalPackages, keepModuleUrls],
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  return Object.keys(entries).map((name) => join(outdir, `${name}.mjs`));
}

/** Builds the server when its build is missing or older than its sources; answers the entry files. */
export async function ensureServerBuild() {
  const outputs = [join(SERVER_DIST, 'main.mjs'), join(SERVER_DIST, 'worker.mjs'), join(SERVER_DIST, 'backup.mjs')];
  if (buildIsStale(outputs)) {
    const started = Date.now();
    await buildServer();
    console.log(`Built the server (${relative(root, SERVER_DIST)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return outputs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildServer();
}
