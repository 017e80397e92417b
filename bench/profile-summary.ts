/**
 * `node bench/profile-summary.ts <file.cpuprofile> [--top 30]`: the functions with the most self
 * time in a V8 CPU profile (from `npm run bench -- --cpu-prof <endpoint>`), and the most inclusive
 * time per function, in percent of the sampled time.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: node bench/profile-summary.ts <file.cpuprofile> [--top 30]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const top = Number(values.top);

const byID = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

function label(node: ProfileNode): string {
  const url = node.callFrame.url.replace(
    /^file:\/\/.*?\/(node_modules|server|common|dist)\//,
    '$1/',
  );
  return `${node.callFrame.functionName || '(anonymous)'} ${url ? `${url}:${node.callFrame.lineNumber + 1}` : ''}`.trim();
}

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((nodeID, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  total += delta;
  const node = byID.get(nodeID)!;
  self.set(label(node), (self.get(label(node)) ?? 0) + delta);
  const seen = new Set<string>();
  for (let at: number | undefined = nodeID; at !== undefined; at = parent.get(at)) {
    const name = label(byID.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
  }
});

function print(title: string, map: Map<string, number>): void {
  process.stdout.write(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)\n`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${name}\n`);
  }
}
print('Self time', self);
print('Inclusive time', inclusive);
