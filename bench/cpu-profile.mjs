// `node bench/cpu-profile.mjs <file.cpuprofile> [top] [--last S] [--skip S]`: where a server's
// time went, from a profile written by `node --cpu-prof` (bench:api writes one with
// BENCH_CPU_PROF=<folder>). Prints self time by package or source folder, the functions with the
// most self time, and the functions with the most time including what they called.
//
// A profile covers the server's whole life (start, every path measured, the stop): `--last S`
// keeps the S seconds before the profile ends, less the final `--skip S` (the stop and the
// bench's last checks), e.g. `--last 6 --skip 1` for a BENCH_ONLY run of one path. The
// per-second busy share printed first shows where each path ran. The profile samples wall time:
// a thread taken off the CPU inside a system call (a write that wakes PostgreSQL on a busy
// machine) is counted in that call, so read CPU cost from bench:api's own figures.
import fs from 'node:fs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  return Number(value);
};
const last = option('--last');
const skip = option('--skip') ?? 0;
const [file, topArg] = args;
if (!file) {
  console.error('usage: node bench/cpu-profile.mjs <file.cpuprofile> [top] [--last S] [--skip S]');
  process.exit(2);
}
const top = Number(topArg ?? 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const times = [];
let clock = profile.startTime;
for (const delta of profile.timeDeltas) {
  clock += delta;
  times.push(clock);
}
const end = times.at(-1) ?? profile.startTime;
const from = last === undefined ? -Infinity : end - last * 1e6;
const to = end - skip * 1e6;

// How busy the thread was in each second before the end (idle samples are `(idle)`).
const seconds = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const second = Math.floor((end - times[i]) / 1e6);
  const entry = seconds.get(second) ?? { busy: 0, all: 0 };
  entry.all += profile.timeDeltas[i] ?? 0;
  if (byId.get(profile.samples[i]).callFrame.functionName !== '(idle)') {
    entry.busy += profile.timeDeltas[i] ?? 0;
  }
  seconds.set(second, entry);
}

const selfMicros = new Map();
const inclusiveMicros = new Map();
const label = (node) => {
  const { callFrame } = node;
  return `${callFrame.functionName || '(anonymous)'} ${area(callFrame.url, callFrame.functionName)}:${callFrame.lineNumber + 1}`;
};
for (let i = 0; i < profile.samples.length; i++) {
  if (times[i] < from || times[i] > to) continue;
  const id = profile.samples[i];
  const micros = profile.timeDeltas[i] ?? 0;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + micros);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const key = label(byId.get(at));
    if (seen.has(key)) continue;
    seen.add(key);
    inclusiveMicros.set(key, (inclusiveMicros.get(key) ?? 0) + micros);
  }
}
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

/** The package (node_modules/<name>) or the source folder a function comes from. */
function area(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native or V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const source = url.match(
    /(apps\/\w+\/(?:src|build|app)\/(?:[\w-]+\/){0,2}|packages\/\w+\/src\/)/,
  );
  return source ? source[1] : url;
}

const areas = new Map();
const functions = new Map();
for (const [id, micros] of selfMicros) {
  const { callFrame } = byId.get(id);
  const where = area(callFrame.url, callFrame.functionName);
  areas.set(where, (areas.get(where) ?? 0) + micros);
  const key = `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + micros);
}
const percent = (micros) => `${((100 * micros) / total).toFixed(1)}%`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${percent(micros).padStart(6)}  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${key}`,
    );
  }
};
console.log('Busy share by second before the end of the profile');
console.log(
  [...seconds]
    .sort((a, b) => a[0] - b[0])
    .map(([second, { busy, all }]) => `${second}:${Math.round((100 * busy) / all)}%`)
    .join(' '),
);
console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s of samples in the window`);
print('Self time by package or folder', areas);
print('Self time by function', functions);
inclusiveMicros.delete('(root) (root):0');
print('Time including what it called, by function', inclusiveMicros);
