/**
 * `npx tsx bench/profile-top.ts <file.cpuprofile> [N] [skipSeconds]`: the functions with the most self time in a V8
 * CPU profile (node --cpu-prof), and the same time summed by package or source folder, to see where a
 * server spends a request. Produce a profile with `BENCH_CPU_PROF=<dir> npm run bench -- --only api`:
 * both servers then run with --cpu-prof and write their profiles under <dir> when they stop.
 * skipSeconds leaves out the first seconds of the profile: the server's start (module loading, schema
 * compiling at boot) is not what a request costs.
 */
import { readFileSync } from 'node:fs';
import { ROOT_DIR } from '../server/config.js';
import { present } from '../server/lookup.js';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const args = process.argv.slice(2);
const file = args.at(0);
const topArg = args.at(1);
const skipArg = args.at(2);
if (!file) {
  console.error('usage: npx tsx bench/profile-top.ts <file.cpuprofile> [N]');
  process.exit(2);
}
const profile: Profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const node = (id: number) => present(byId.get(id), `node ${id} of the profile`);
const self = new Map<number, number>();
const skipUs = Number(skipArg ?? 0) * 1e6;
let elapsed = 0;
profile.samples.forEach((id, i) => {
  elapsed += profile.timeDeltas[i] ?? 0;
  if (elapsed >= skipUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const all = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([id]) => node(id).callFrame.functionName === '(idle)').reduce((a, [, us]) => a + us, 0);
/** Percentages are of the busy time: a server under test waits a lot (idle), which says nothing of its cost. */
const total = all - idle;

function where(url: string): string {
  if (!url) return '(native/V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  const path = url.replace(/^file:\/\//, '');
  return path.startsWith(ROOT_DIR) ? path.slice(ROOT_DIR.length).split('/').slice(0, 2).join('/') : path;
}

const functions = new Map<string, number>();
const places = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = node(id).callFrame;
  if (functionName === '(idle)') continue;
  const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '')}:${lineNumber + 1}` : ''}`;
  functions.set(name, (functions.get(name) ?? 0) + us);
  places.set(where(url), (places.get(where(url)) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
const top = Number(topArg ?? 30);
console.log(`${(all / 1e6).toFixed(1)} s sampled, ${(total / 1e6).toFixed(1)} s busy (${file}); % of busy time\n\nself time by function:`);
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${name}`);
console.log('\nself time by package / folder:');
for (const [name, us] of [...places].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(us)}  ${name}`);
