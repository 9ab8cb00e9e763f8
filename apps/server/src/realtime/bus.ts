import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import { createNatsTransport } from './nats-transport';
import { createRedisTransport } from './redis-transport';
import type { SupportSocketMessage } from '@cowcare/contract/support-socket';
import { PeerEvents } from './peer-events';
import {
  parseSupportEvent,
  parseUserEvent,
  supportEventsChannel,
  userEventsChannel,
  type SupportEventHandler,
  type UserEvent,
  type UserEventHandler,
} from './user-events';
import { FarmEventFanout, type FarmEventHandler } from './farm-event-fanout';
import {
  LoginRevocations,
  loginRevocationsChannel,
  type LoginRevocation,
  type LoginRevocationHandler,
} from './login-revocations';

export type { FarmEventHandler } from './farm-event-fanout';
export type { LoginRevocation, LoginRevocationHandler } from './login-revocations';
export type { SupportEventHandler, UserEventHandler } from './user-events';

/**
 * Farm events between server instances (architecture §5): whatever one instance publishes for a farm reaches
 * the subscribers of every instance, so a farm's sockets get it wherever they are connected.
 */
export interface EventBus {
  readonly kind: BusKind;
  /** What this instance published (metrics). */
  readonly stats: BusStats;
  /**
   * Sends the event to every instance. While the broker is unreachable it reaches this instance's
   * subscribers only (counted in `stats.failures`, reported once per outage); it rejects only once closed.
   */
  publish(farmId: number, message: ServerSocketMessage): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe(handler: FarmEventHandler): Promise<() => Promise<void>>;
  /**
   * Tells every instance that these logins ended, so each closes its sockets of them. This instance's
   * subscribers are told before it resolves; while the broker is unreachable only they are (counted in
   * `stats.failures`, and the other instances' sweep closes theirs later). Rejects only once closed.
   */
  publishRevocation(revocation: LoginRevocation): Promise<void>;
  /** Resolves once revocations published anywhere reach `handler`; the returned function ends it. */
  subscribeRevocations(handler: LoginRevocationHandler): Promise<() => Promise<void>>;
  /**
   * Sends a person's event (the chat) to every instance, for those users' chat sockets. While the broker is
   * unreachable it reaches this instance's sockets only; it rejects only once closed.
   */
  publishToUsers(userIds: readonly number[], message: ServerSocketMessage): Promise<void>;
  /** Resolves once user events published anywhere reach `handler`; the returned function ends it. */
  subscribeUsers(handler: UserEventHandler): Promise<() => Promise<void>>;
  /** Sends an event to every open support console on every instance; like `publishToUsers` otherwise. */
  publishToSupport(message: SupportSocketMessage): Promise<void>;
  subscribeSupport(handler: SupportEventHandler): Promise<() => Promise<void>>;
  /** Resolves when the broker answers on every connection this bus uses (health check); rejects if not. */
  ping(): Promise<void>;
  /**
   * Channels of the server's own between its instances, beside the farm events (the detection's hand-off
   * of a farm's batches to the instance that detects for it). Undefined in-process: there is one instance.
   */
  readonly peers: PeerChannels | undefined;
  /** The farm events' channel; the peers' channels are named after it, so two installs never cross. */
  readonly channel: string;
  close(): Promise<void>;
}

export interface PeerChannels {
  publish(channel: string, payload: string): Promise<void>;
  /** Resolves once messages published afterwards reach `receive`; the returned function stops it. */
  listen(channel: string, receive: (payload: string) => void): Promise<() => Promise<void>>;
}

export type BusKind = 'in-process' | 'redis' | 'nats';

export interface BusStats {
  /** Events published, by type. */
  readonly published: Map<ServerSocketMessage['type'], number>;
  /** Notices published, by code. */
  readonly noticesByCode: Map<number, number>;
  /** Publishes the transport refused (the broker was unreachable). */
  failures: number;
}

const countIn = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * What a transport between instances does: carry a text payload to every instance listening on a channel
 * (Redis) or subject (NATS). Farm events go as JSON `{farmId, message}`.
 */
export interface BusTransport extends PeerChannels {
  /** A round trip to the broker on each connection. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface EventBusConfig {
  /** Unset: in-process. `redis://…` or `nats://…`. */
  busUrl: string | undefined;
  /** The channel (Redis) or subject (NATS) all instances of one install share. */
  busChannel?: string;
  /** Where a malformed event from the wire, a failing handler or a lost Redis connection is reported. */
  onError?: (error: unknown) => void;
  /** Told when a Redis or NATS connection is back after it was lost (`what` names it). */
  onReconnect?: (what: string) => void;
}

export const DEFAULT_BUS_CHANNEL = 'cowcare.farm-events';

export const busKindOf = (busUrl: string | undefined): BusKind => {
  if (!busUrl) return 'in-process';
  if (/^rediss?:\/\//.test(busUrl)) return 'redis';
  if (/^nats:\/\//.test(busUrl)) return 'nats';
  throw new Error(`BUS_URL must be redis://, rediss:// or nats:// (got "${busUrl}")`);
};

const ignore = () => undefined;

const createTransport = (kind: Exclude<BusKind, 'in-process'>, config: EventBusConfig): BusTransport => {
  const onReconnect = config.onReconnect ?? ignore;
  switch (kind) {
    case 'redis':
      return createRedisTransport(config.busUrl ?? '', config.onError ?? ignore, onReconnect);
    case 'nats':
      return createNatsTransport(config.busUrl ?? '', onReconnect);
  }
};

export const createEventBus = (config: EventBusConfig): EventBus => {
  const kind = busKindOf(config.busUrl);
  const channel = config.busChannel ?? DEFAULT_BUS_CHANNEL;
  const fanout = new FarmEventFanout(config.onError ?? (() => undefined));
  // In-process (the embedded default) an event goes straight to this process's subscribers, not encoded.
  const wire = kind === 'in-process' ? undefined : createTransport(kind, config);
  const revocations = new LoginRevocations(wire, loginRevocationsChannel(channel), config.onError ?? ignore);
  const userEvents = new PeerEvents<UserEvent>(
    wire,
    userEventsChannel(channel),
    parseUserEvent,
    config.onError ?? ignore,
  );
  const supportEvents = new PeerEvents<SupportSocketMessage>(
    wire,
    supportEventsChannel(channel),
    parseSupportEvent,
    config.onError ?? ignore,
  );
  let closed = false;
  /** A failed publish since the last one that went through: the outage is reported once. */
  let failing = false;
  const stats: BusStats = { published: new Map(), noticesByCode: new Map(), failures: 0 };
  /** Sends a people's event; while the broker is unreachable it reaches this instance only. */
  const publishPeerEvent = async <Event>(events: PeerEvents<Event>, event: Event, type: string) => {
    if (closed) throw new Error('the event bus is closed');
    try {
      await events.publish(event);
    } catch (error) {
      stats.failures += 1;
      config.onError?.(
        new Error(`bus unreachable, a ${type} event reaches this instance only: ${String(error)}`),
      );
      events.dispatch(event);
      return;
    }
    countIn(stats.published, type);
  };
  let listening: Promise<unknown> | undefined;

  return {
    kind,
    stats,
    async publish(farmId, message) {
      if (closed) throw new Error('the event bus is closed');
      try {
        if (wire) await wire.publish(channel, JSON.stringify({ farmId, message }));
        else if (listening) fanout.dispatch(farmId, message);
        failing = false;
      } catch (error) {
        stats.failures += 1;
        if (!failing) {
          config.onError?.(
            new Error(`bus unreachable, live updates reach this instance only: ${String(error)}`),
          );
        }
        failing = true;
        // The other instances' sockets miss it (they catch up on their refresh); this one's need not.
        fanout.dispatch(farmId, message);
        return;
      }
      countIn(stats.published, message.type);
      if (message.type === 'notice') countIn(stats.noticesByCode, message.data.noticecode);
    },
    async subscribe(handler) {
      if (closed) throw new Error('the event bus is closed');
      // One wire subscription per instance, shared by every local handler.
      listening ??= wire ? wire.listen(channel, (payload) => fanout.deliver(payload)) : Promise.resolve();
      await listening;
      return fanout.add(handler);
    },
    async publishRevocation(revocation) {
      if (closed) throw new Error('the event bus is closed');
      try {
        await revocations.publish(revocation);
      } catch (error) {
        stats.failures += 1;
        config.onError?.(
          new Error(
            `bus unreachable, a login's sockets on other instances close at their sweep: ${String(error)}`,
          ),
        );
      }
    },
    async subscribeRevocations(handler) {
      if (closed) throw new Error('the event bus is closed');
      return revocations.subscribe(handler);
    },
    async publishToUsers(userIds, message) {
      if (userIds.length > 0) {
        await publishPeerEvent(userEvents, { userIds: [...userIds], message }, message.type);
      }
    },
    async subscribeUsers(handler) {
      if (closed) throw new Error('the event bus is closed');
      return userEvents.subscribe((event) => handler(event.userIds, event.message));
    },
    async publishToSupport(message) {
      await publishPeerEvent(supportEvents, message, message.type);
    },
    async subscribeSupport(handler) {
      if (closed) throw new Error('the event bus is closed');
      return supportEvents.subscribe(handler);
    },
    async ping() {
      if (closed) throw new Error('the event bus is closed');
      await wire?.ping();
    },
    peers: wire && {
      async publish(peerChannel, payload) {
        if (closed) throw new Error('the event bus is closed');
        await wire.publish(peerChannel, payload);
      },
      async listen(peerChannel, receive) {
        if (closed) throw new Error('the event bus is closed');
        return wire.listen(peerChannel, receive);
      },
    },
    channel,
    async close() {
      if (closed) return;
      closed = true;
      fanout.clear();
      revocations.clear();
      userEvents.clear();
      supportEvents.clear();
      await wire?.close();
    },
  };
};
