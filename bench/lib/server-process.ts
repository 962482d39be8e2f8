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
 * `cpu` answers the CPU time the process has used, `stop` closes what it opened and exits, and any
 * other command goes to `other` first (which answers true when it took it). The server exits when
 * the benchmark that forked it goes away.
 */
export function answerCommands(stop: () => Promise<void>, other?: (msg: { type: string }) => boolean): void {
  process.on('message', (msg: { type: string }) => {
    if (other?.(msg)) return;
    if (msg.type === 'cpu') {
      const usage = process.cpuUsage();
      process.send!({ type: 'cpu', micros: usage.user + usage.system });
      return;
    }
    void stop().then(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(1));
}
