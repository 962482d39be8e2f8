import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

/**
 * The Node options `npm start` and `npm run worker` give the server (package.json): the forked
 * benchmark servers run with them, built as `npm start` builds the server (server-build.ts), so their
 * memory and speed are the server's.
 */
export const SERVER_NODE_OPTIONS = ['--max-old-space-size=512', '--max-semi-space-size=8'];
/** The environment `npm start` and `npm run worker` add (package.json): glibc's fixed mmap threshold. */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * The forked benchmark server's side of its commands (bench/api-server.ts, bench/roster-server.ts):
 * `cpu` answers the CPU time the process has used, `profile-start` / `profile-stop` record a V8 CPU
 * profile of the time between them into `file` (`--profile`), `stop` closes what it opened and exits, and any
 * other command goes to `other` first (which answers true when it took it). The server exits when
 * the benchmark that forked it goes away.
 */
export function answerCommands(stop: () => Promise<void>, other?: (msg: { type: string }) => boolean): void {
  let profiler: Session | null = null;
  process.on('message', (msg: ProfileCommand | { type: string }) => {
    if (other?.(msg)) return;
    if (msg.type === 'cpu') {
      const usage = process.cpuUsage();
      process.send!({ type: 'cpu', micros: usage.user + usage.system });
      return;
    }
    if (msg.type === 'profile-start') {
      profiler = new Session();
      profiler.connect();
      void profiler
        .post('Profiler.enable')
        .then(() => profiler!.post('Profiler.start'))
        .then(() => process.send!({ type: 'profile-start' }));
      return;
    }
    if (msg.type === 'profile-stop' && 'file' in msg) {
      const session = profiler!;
      profiler = null;
      void session
        .post('Profiler.stop')
        .then(({ profile }) => writeFile(msg.file, JSON.stringify(profile)))
        .then(() => session.disconnect())
        .then(() => process.send!({ type: 'profile-stop' }));
      return;
    }
    void stop().then(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(1));
}

/** A CPU profile of the server between the two commands, written to `file` (a .cpuprofile for Chrome's DevTools). */
export type ProfileCommand = { type: 'profile-start' } | { type: 'profile-stop'; file: string };
