// The measured load: messages sent at a fixed rate (open loop: a slow answer does not slow the sending) with
// `chat/chat/send`, or support's `admin/chat/send`, spread over the conversations; each delivery is timed from
// the moment its send request started to the `chatmessage` frame on the recipient's socket.
import { api } from '@cowcare/contract/api';
import { timedCall } from './api';
import type { BenchConversation, Population } from './population';

/** What a message was: a friend's, a group's, a farm user's to support, support's answer to a farm user. */
export type MessageKind = 'direct' | 'group' | 'service' | 'reply';
/** Whose socket got it: a member it was for, or the sender's own (the server tells their other devices). */
export type Role = 'recipient' | 'echo';

/** The mix of the load: shares of the messages sent. */
export const MIX: Readonly<Record<MessageKind, number>> = {
  direct: 0.5,
  group: 0.4,
  service: 0.05,
  reply: 0.05,
};

export interface Delivery {
  phase: string;
  kind: MessageKind;
  role: Role;
  /** The socket is on another instance than the one that stored the message (two instances only). */
  cross: boolean;
  ms: number;
}

export interface SendOutcome {
  phase: string;
  kind: MessageKind;
  status: number;
  ms: number;
  /** The first part of a failed answer, to tell errors apart. */
  error?: string;
}

interface Pending {
  phase: string;
  kind: MessageKind;
  startedAt: number;
  sendInstance: number;
  expected: Map<number, Role>;
  arrived: Set<number>;
  status?: number;
}

export interface Phase {
  name: string;
  rate: number;
  seconds: number;
}

/** Matches every arrival to its send: latencies, duplicates, deliveries to sockets it was not for. */
export class DeliveryTracker {
  readonly deliveries: Delivery[] = [];
  readonly sends: SendOutcome[] = [];
  duplicates = 0;
  /** A chatmessage for a socket that was not a member, or for no message of this run. */
  unexpected = 0;
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly instances: number) {}

  arrival = (userIndex: number, clientId: string, at: number): void => {
    const message = this.pending.get(clientId);
    const role = message?.expected.get(userIndex);
    if (!message || !role) {
      this.unexpected += 1;
      return;
    }
    if (message.arrived.has(userIndex)) {
      this.duplicates += 1;
      return;
    }
    message.arrived.add(userIndex);
    this.deliveries.push({
      phase: message.phase,
      kind: message.kind,
      role,
      cross: userIndex % this.instances !== message.sendInstance,
      ms: at - message.startedAt,
    });
  };

  expect(clientId: string, message: Omit<Pending, 'arrived'>): void {
    this.pending.set(clientId, { ...message, arrived: new Set() });
  }

  answered(clientId: string, outcome: SendOutcome): void {
    this.sends.push(outcome);
    const message = this.pending.get(clientId);
    if (message) message.status = outcome.status;
  }

  /**
   * The phase's deliveries by role: owed (to the members of every message answered 200), of those delivered
   * and missing; and delivered for messages whose answer failed (stored, but the client never heard so).
   */
  tally(phase: string, role: Role) {
    const counts = { owed: 0, delivered: 0, missing: 0, ofFailedSends: 0 };
    for (const message of this.pending.values()) {
      if (message.phase !== phase) continue;
      for (const [userIndex, expected] of message.expected) {
        if (expected !== role) continue;
        const arrived = message.arrived.has(userIndex);
        if (message.status !== 200) counts.ofFailedSends += arrived ? 1 : 0;
        else {
          counts.owed += 1;
          counts[arrived ? 'delivered' : 'missing'] += 1;
        }
      }
    }
    return counts;
  }
}

const pickKind = (): MessageKind => {
  let roll = Math.random();
  for (const [kind, share] of Object.entries(MIX) as [MessageKind, number][]) {
    roll -= share;
    if (roll < 0) return kind;
  }
  return 'direct';
};

const pickOne = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

export interface TrafficSetup {
  population: Population;
  adminToken: string;
  baseUrls: readonly string[];
  tracker: DeliveryTracker;
  runId: string;
}

const CONTENT = 'Calving started in pen 3: can you come by after milking?';

/** Sends one message of `kind` through instance `sendInstance`; resolves when its answer is in. */
const sendOne = async (
  setup: TrafficSetup,
  phase: string,
  kind: MessageKind,
  clientId: string,
  sendInstance: number,
): Promise<void> => {
  const { population, tracker } = setup;
  const baseUrl = setup.baseUrls[sendInstance] ?? '';
  const conversation: BenchConversation = pickOne(
    population.conversations[kind === 'reply' ? 'service' : kind],
  );
  const sender = kind === 'reply' ? undefined : pickOne(conversation.members);
  const expected = new Map<number, Role>(
    conversation.members.map((member) => [member, member === sender ? 'echo' : 'recipient']),
  );
  const startedAt = performance.now();
  tracker.expect(clientId, { phase, kind, startedAt, sendInstance, expected });
  const body = { conversationId: conversation.id, clientId, content: `${CONTENT} ${clientId}` };
  const answer =
    sender === undefined
      ? await timedCall(baseUrl, api.admin.chatReply, { token: setup.adminToken, body })
      : await timedCall(baseUrl, api.chat.send, {
          token: population.users[sender]?.token,
          body: { ...body, type: 'text' },
        });
  tracker.answered(clientId, {
    phase,
    kind,
    status: answer.status,
    ms: answer.ms,
    ...(answer.status === 200 ? {} : { error: answer.text.slice(0, 200) }),
  });
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The phase's messages at its rate, each through the next instance in turn; waits for every answer. */
export const driveTraffic = async (setup: TrafficSetup, phase: Phase): Promise<void> => {
  const inFlight = new Set<Promise<void>>();
  const startedAt = performance.now();
  let sent = 0;
  const total = Math.round(phase.rate * phase.seconds);
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - startedAt) / 1000) * phase.rate));
    for (; sent < due; sent += 1) {
      const clientId = `${setup.runId}-${phase.name}-${sent}`;
      const sending = sendOne(setup, phase.name, pickKind(), clientId, sent % setup.baseUrls.length);
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
};
