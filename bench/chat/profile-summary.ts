// Where a server's CPU went, from a `.cpuprofile` (run.ts --profile writes one of the loaded phase): self
// time by part (PGlite, ws, Fastify, our code, garbage collection, idle, ...) and the functions that took most.
// Run: npx tsx bench/chat/profile-summary.ts <file.cpuprofile> [--top 25]
import { readFileSync } from 'node:fs';
import { numberFlag } from '../surge/load';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The part of the server a function belongs to, by its file. */
const partOf = ({ functionName, url }: ProfileNode['callFrame']): string => {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.includes('@electric-sql/pglite')) return 'PGlite';
  const nodeModule = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nodeModule) return nodeModule[1] ?? url;
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/packages/')) return 'our packages (contract, domain)';
  if (url.includes('/apps/server/')) return 'server code';
  return url;
};

export const summariseProfile = (profile: CpuProfile, top: number): string => {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPart = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((nodeId, index) => {
    const node = nodes.get(nodeId);
    // A sample's time is the delta to the next one.
    const us = profile.timeDeltas[index + 1] ?? 0;
    if (!node) return;
    total += us;
    const part = partOf(node.callFrame);
    byPart.set(part, (byPart.get(part) ?? 0) + us);
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\//, 'apps/')}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  });
  const rows = (entries: Map<string, number>, count: number) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => `| ${name} | ${(us / 1000).toFixed(0)} | ${((us / total) * 100).toFixed(1)} % |`)
      .join('\n');
  return `Profile of ${(total / 1e6).toFixed(1)} s.

| part (self time) | ms | share |
| --- | --- | --- |
${rows(byPart, 20)}

| function (self time) | ms | share |
| --- | --- | --- |
${rows(byFunction, top)}
`;
};

if (process.argv[1]?.endsWith('profile-summary.ts')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top 25]');
  console.log(summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, numberFlag('top', 25)));
}
