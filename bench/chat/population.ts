// The chat benchmark's people, made through the product's own calls: each user registers (a farm of their own,
// argon2id and all), befriends others by request and acceptance, and group owners create groups of their
// friends; each user's conversation list (the call the web app makes) then names their customer-service
// conversation. Support is one agent, made by the operator's command and logged in through admin/login.
import { randomBytes } from 'node:crypto';
import { api } from '@cowcare/contract/api';
import { eachLimited, mustCall } from './api';

/** Registrations at once: each is an argon2id hash (19 MiB, 2 passes) on the server's thread pool. */
const REGISTER_CONCURRENCY = 8;
const CALL_CONCURRENCY = 16;
/** Group sizes, owner included, in turn: the spread the brief asks for (5-20 members). */
export const GROUP_SIZES = [5, 8, 12, 20] as const;

export type ConversationKind = 'direct' | 'group' | 'service';

export interface BenchUser {
  index: number;
  id: number;
  token: string;
}

export interface BenchConversation {
  id: number;
  kind: ConversationKind;
  /** Indexes into the users, every member (a service conversation has one: its farm user). */
  members: number[];
}

export interface Population {
  users: BenchUser[];
  conversations: Record<ConversationKind, BenchConversation[]>;
  friendships: number;
  /** Seconds each step of the arrangement took, for the report. */
  seconds: { register: number; friends: number; groups: number; relations: number };
}

const since = (startedAt: number) => (performance.now() - startedAt) / 1000;

const register = (baseUrl: string, runId: string, index: number) =>
  mustCall(baseUrl, api.auth.register, {
    body: {
      username: `chat-${runId}-${index}`,
      password: `bench-${randomBytes(6).toString('hex')}`,
      name: `Bench ${index}`,
      phone: '010-0000-0000',
      country: 'KR',
      FarmNumber: `CB-${runId}-${index}`,
      city: 'Hoengseong',
    },
  }).then((session) => ({ index, id: session.user.id, token: session.token }));

/** Pairs of users: 0-1, 2-3, ... each a direct conversation. */
const directPairs = (users: number): [number, number][] =>
  Array.from({ length: Math.floor(users / 2) }, (_, pair) => [2 * pair, 2 * pair + 1]);

/**
 * Every user in one group: blocks of GROUP_SIZES in turn, starting at the second user so a group owner is not
 * always the first of a direct pair; a remainder too small for a group joins the last block.
 */
export const groupBlocks = (users: number): number[][] => {
  const order = Array.from({ length: users }, (_, index) => (index + 1) % users);
  const blocks: number[][] = [];
  for (let start = 0, turn = 0; start < users; turn += 1) {
    const size = GROUP_SIZES[turn % GROUP_SIZES.length] ?? 5;
    const rest = users - start;
    const take = rest - size < (GROUP_SIZES[0] ?? 5) ? rest : size;
    blocks.push(order.slice(start, start + take));
    start += take;
  }
  return blocks;
};

const befriend = async (baseUrl: string, from: BenchUser, to: BenchUser): Promise<number> => {
  const request = await mustCall(baseUrl, api.chat.friendApply, { token: from.token, body: { fid: to.id } });
  const relation = await mustCall(baseUrl, api.chat.passApply, {
    token: to.token,
    params: { id: request.id },
  });
  return relation.conversationId;
};

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export const populate = async (
  baseUrl: string,
  runId: string,
  count: number,
  progress: (line: string) => void,
): Promise<Population> => {
  let startedAt = performance.now();
  const users = await eachLimited(
    Array.from({ length: count }, (_, index) => index),
    REGISTER_CONCURRENCY,
    (index) => register(baseUrl, runId, index),
  );
  const seconds = { register: since(startedAt), friends: 0, groups: 0, relations: 0 };
  progress(`${count} users registered in ${seconds.register.toFixed(1)} s`);

  startedAt = performance.now();
  const friends = new Set<string>();
  const userAt = (index: number) => users[index] as BenchUser;
  const direct = await eachLimited(directPairs(count), CALL_CONCURRENCY, async ([a, b]) => {
    friends.add(pairKey(a, b));
    const id = await befriend(baseUrl, userAt(a), userAt(b));
    return { id, kind: 'direct' as const, members: [a, b] };
  });
  const blocks = groupBlocks(count);
  const ownerFriendships = blocks.flatMap(([owner = 0, ...members]) =>
    members
      .filter((member) => !friends.has(pairKey(owner, member)))
      .map((member) => [owner, member] as const),
  );
  await eachLimited(ownerFriendships, CALL_CONCURRENCY, ([owner, member]) =>
    befriend(baseUrl, userAt(owner), userAt(member)),
  );
  seconds.friends = since(startedAt);
  const friendships = direct.length + ownerFriendships.length;
  progress(`${friendships} friendships (request and acceptance) in ${seconds.friends.toFixed(1)} s`);

  startedAt = performance.now();
  const [groupType] = await mustCall(baseUrl, api.chat.groupTypes, { token: userAt(0).token });
  if (!groupType) throw new Error('the server has no group types');
  const groups = await eachLimited(blocks, CALL_CONCURRENCY, async (block, index) => {
    const [owner = 0, ...members] = block;
    const group = await mustCall(baseUrl, api.chat.createGroup, {
      token: userAt(owner).token,
      body: { name: `Bench group ${index}`, type: groupType.id, users: members.map((m) => userAt(m).id) },
    });
    return { id: group.id, kind: 'group' as const, members: block };
  });
  seconds.groups = since(startedAt);
  progress(`${groups.length} groups of ${GROUP_SIZES.join(', ')} members in ${seconds.groups.toFixed(1)} s`);

  startedAt = performance.now();
  const service = await eachLimited(users, CALL_CONCURRENCY, async (user) => {
    const relations = await mustCall(baseUrl, api.chat.relations, {
      token: user.token,
      body: { uid: user.id },
    });
    const own = relations.find((relation) => relation.kind === 'service');
    if (!own) throw new Error(`user ${user.id} has no customer-service conversation`);
    return { id: own.conversationId, kind: 'service' as const, members: [user.index] };
  });
  seconds.relations = since(startedAt);
  progress(`${count} conversation lists read in ${seconds.relations.toFixed(1)} s`);
  return { users, conversations: { direct, group: groups, service }, friendships, seconds };
};
