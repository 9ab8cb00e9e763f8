import { describe, expect, it } from 'vitest';
import { DetectionMembers } from '../src/detection/detection-members';
import type { PeerChannels } from '../src/realtime/bus';

/** Channels between instances in one process, delivered at once (the real ones: Redis or NATS). */
const sharedChannels = (): PeerChannels => {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  return {
    async publish(channel, payload) {
      for (const receive of listeners.get(channel) ?? []) receive(payload);
    },
    async listen(channel, receive) {
      const set = listeners.get(channel) ?? new Set();
      set.add(receive);
      listeners.set(channel, set);
      return async () => {
        set.delete(receive);
      };
    },
  };
};

const CHANNEL = 'test.detection-members';

/** Instances on one set of channels and one clock; heartbeats only when a test sends them. */
const instances = async (...names: string[]) => {
  const peers = sharedChannels();
  let time = 1_000_000;
  const clock = { advance: (ms: number) => (time += ms) };
  const members = names.map(
    (name) =>
      new DetectionMembers(peers, CHANNEL, name, {
        heartbeatMs: 3_600_000,
        expiryMs: 3_500,
        now: () => time,
      }),
  );
  const events: string[] = [];
  for (const member of members) {
    member.onJoined((other) => events.push(`${member.self} heard ${other} join`));
    member.onLeft((other) => events.push(`${member.self} heard ${other} leave`));
  }
  for (const member of members) await member.start();
  const beat = (name: string) => peers.publish(CHANNEL, JSON.stringify({ instance: name }));
  return { members, events, clock, beat };
};

describe('the detecting instances as each one hears the others', () => {
  it('tells of an instance joining once, however many heartbeats follow, and never of itself', async () => {
    const { members, events, beat } = await instances('a', 'b');
    // b's first heartbeat, as it started, reached a; a's reached only itself, b not listening yet.
    expect(events).toEqual(['a heard b join']);
    await beat('a');
    await beat('b');
    await beat('a');
    expect(events).toEqual(['a heard b join', 'b heard a join']);
    expect(members.map((member) => member.live().length)).toEqual([2, 2]);
  });

  it('tells of an instance that went silent once its heartbeats are overdue, and gives its farms to the rest', async () => {
    const { members, events, clock, beat } = await instances('a', 'b');
    const [a] = members;
    await beat('a');
    events.length = 0;
    clock.advance(3_000);
    await beat('a');
    expect(a?.live()).toEqual(['a', 'b']);
    clock.advance(1_000);
    expect(a?.live()).toEqual(['a']);
    expect(events).toEqual(['a heard b leave']);
    expect(a?.ownerOf(7)).toBe('a');
  });

  it('tells at once of an instance that says it is leaving, and of the same one coming back', async () => {
    const { members, events, beat } = await instances('a', 'b');
    const [a, b] = members;
    events.length = 0;
    await b?.stop();
    expect(events).toEqual(['a heard b leave']);
    expect(a?.live()).toEqual(['a']);
    await beat('b');
    expect(events).toEqual(['a heard b leave', 'a heard b join']);
  });

  it('names the instance that takes a farm once this one has left, and none when it is alone', async () => {
    const { members } = await instances('a', 'b', 'c');
    const [a] = members;
    for (let farmId = 1; farmId <= 50; farmId += 1) {
      const successor = a?.successorOf(farmId);
      expect(['b', 'c']).toContain(successor);
      // Farms that were not a's keep their instance.
      if (a?.ownerOf(farmId) !== 'a') expect(successor).toBe(a?.ownerOf(farmId));
    }
    const alone = await instances('solo');
    expect(alone.members[0]?.successorOf(1)).toBeUndefined();
  });
});
