/**
 * Web budget: the JavaScript needed before /home shows must stay within 300 KB gzip, and
 * every other screen is its own lazy chunk. Prints every chunk's gzip size and the /home total.
 *
 *   npm run bench -- web            # rebuilds apps/web, prints, writes bench/results/web.json
 *   npx tsx bench/web.ts            # uses apps/web/dist, builds it when missing
 *   npx tsx bench/web.ts --build    # always rebuilds first
 *
 * "Needed before /home shows" = the entry chunk and everything it imports statically, plus the
 * lazily loaded app frame (AppLayout) and the /home screen chunk with their static imports — the
 * files a first visit to /home downloads. CSS files those chunks pull in are counted too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { machineInfo, type BenchOptions } from './lib/options.ts';

export const WEB_BUDGET_GZIP_BYTES = 300 * 1024;

/** Source modules whose chunks a first visit to /home loads after the entry. */
export const HOME_PATH_MODULES = ['src/app/layout/AppLayout.tsx', 'src/features/home/HomePage.tsx'];

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type ChunkSize = { file: string; bytes: number; gzip: number; src?: string };
export type WebBenchResult = {
  chunks: ChunkSize[];
  entryGzip: number;
  homeFiles: string[];
  homeGzip: number;
  budget: number;
  withinBudget: boolean;
  lazyScreens: string[];
};

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function buildWeb(root: string): void {
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
}

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    const c = manifest[key];
    if (!c) throw new Error(`not in the build manifest: ${key}`);
    seen.add(key);
    for (const i of c.imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

export async function runWebBench(opts: { root?: string; build?: boolean; print?: boolean } = {}): Promise<WebBenchResult> {
  const root = opts.root ?? repoRoot;
  const dist = join(root, 'apps/web/dist');
  const manifestPath = join(dist, '.vite/manifest.json');
  if (opts.build || !existsSync(manifestPath)) buildWeb(root);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

  const sizeOf = new Map<string, ChunkSize>();
  const measure = (file: string, src?: string): ChunkSize => {
    let s = sizeOf.get(file);
    if (!s) {
      const buf = readFileSync(join(dist, file));
      s = { file, bytes: buf.length, gzip: gzipSync(buf).length, src };
      sizeOf.set(file, s);
    }
    return s;
  };
  for (const c of Object.values(manifest)) {
    measure(c.file, c.src);
    for (const css of c.css ?? []) measure(css);
  }

  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const filesOf = (keys: Set<string>) => {
    const files = new Set<string>();
    for (const k of keys) {
      files.add(manifest[k]!.file);
      for (const css of manifest[k]!.css ?? []) files.add(css);
    }
    return files;
  };
  const entryFiles = filesOf(closure(manifest, [entryKey]));
  const homeFiles = filesOf(closure(manifest, [entryKey, ...HOME_PATH_MODULES]));
  const sum = (files: Set<string>) => [...files].reduce((n, f) => n + sizeOf.get(f)!.gzip, 0);

  const result: WebBenchResult = {
    chunks: [...sizeOf.values()].sort((a, b) => b.gzip - a.gzip),
    entryGzip: sum(entryFiles),
    homeFiles: [...homeFiles],
    homeGzip: sum(homeFiles),
    budget: WEB_BUDGET_GZIP_BYTES,
    withinBudget: sum(homeFiles) <= WEB_BUDGET_GZIP_BYTES,
    lazyScreens: Object.values(manifest)
      .filter((c) => c.isDynamicEntry && c.src)
      .map((c) => c.src!),
  };
  if (opts.print !== false) printResult(result);
  return result;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function printResult(r: WebBenchResult): void {
  console.log('web bundle (gzip sizes)');
  for (const c of r.chunks) {
    const mark = r.homeFiles.includes(c.file) ? '*' : ' ';
    console.log(`  ${mark} ${kb(c.gzip).padStart(9)}  ${kb(c.bytes).padStart(9)} raw  ${c.file}${c.src ? `  (${c.src})` : ''}`);
  }
  console.log(`  * = loaded before /home shows`);
  console.log(`lazy screen chunks: ${r.lazyScreens.length} (${r.lazyScreens.join(', ')})`);
  console.log(`entry + static imports: ${kb(r.entryGzip)} gzip`);
  console.log(`needed before /home shows: ${kb(r.homeGzip)} gzip of ${kb(r.budget)} budget → ${r.withinBudget ? 'within budget' : 'OVER BUDGET'}`);
}

/** The `web` target of bench/run.ts: a fresh build, the figures printed and written to bench/results/web.json. */
export async function runWebTarget(opts: BenchOptions): Promise<void> {
  const r = await runWebBench({ build: true });
  const dir = join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const record = {
    target: 'web',
    command: opts.command,
    machine: machineInfo(),
    budgetGzipBytes: r.budget,
    homeGzipBytes: r.homeGzip,
    entryGzipBytes: r.entryGzip,
    withinBudget: r.withinBudget,
    homeFiles: r.homeFiles,
    lazyScreens: r.lazyScreens,
    chunks: r.chunks,
  };
  writeFileSync(join(dir, 'web.json'), `${JSON.stringify(record, null, 2)}\n`);
  if (!r.withinBudget) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await runWebBench({ build: process.argv.includes('--build') });
  if (!r.withinBudget) process.exitCode = 1;
}
