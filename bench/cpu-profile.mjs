// `node bench/cpu-profile.mjs <file.cpuprofile> [top]`: where a server's CPU time went, from a
// profile written by `node --cpu-prof` (bench:api writes one with BENCH_CPU_PROF=<folder>).
// Prints self time by package or source folder, then the functions with the most self time.
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/cpu-profile.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
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
console.log(`${file}: ${(total / 1e6).toFixed(1)} s of samples`);
print('Self time by package or folder', areas);
print('Self time by function', functions);
