import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';

export interface LostMembersOptions {
  url: string;
  /** The topic of the members' wills (`lostMembersTopic`). */
  topic: string;
  /** This instance's watcher's client id. */
  clientId: string;
  /**
   * The connection, not yet open, in which to take over the session of the member named by a will; undefined
   * when it is not one of the group's, or is one of this instance's own.
   */
  takeOver: (clientId: string) => MqttClient | undefined;
  /**
   * Reads what the session holds, leaves the group in the member's name and ends the session; answers false
   * when the connection was cut off before (another instance, or the member itself, took the session).
   */
  leaveGroup: (client: MqttClient) => Promise<boolean>;
  log: FastifyBaseLogger;
}

export interface LostMembers {
  /** Sessions of lost members this instance has taken over and ended. */
  readonly taken: number;
  close(): Promise<void>;
}

/**
 * Every instance hears every will: each waits a random moment of up to this long before it takes the session,
 * so that usually one of them does. When two do, the later connection takes the session from the earlier
 * one (MQTT's session takeover), which stops; a message both received is stored once (its sensor and num).
 */
const SPREAD_MS = 1_000;
/** A message of the watcher's own on the wills' topic, to see that the broker lets it through. */
const PROBE_PREFIX = 'probe:';
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Listens for the wills of lost members of the group (broker-subscriber.ts) on a connection of its own,
 * without a session, so a lost instance's watcher is not sent them. For each, connects in the lost
 * member's name, which resumes its session and delivers what the broker queued in it. A connection that
 * ends before the session is done (a takeover by another instance, the member itself coming back, this
 * instance stopping) is left at that: the session is not lost, and whoever holds it goes on.
 */
export const watchLostMembers = async (options: LostMembersOptions): Promise<LostMembers> => {
  const { log } = options;
  const inProgress = new Map<string, MqttClient>();
  let taken = 0;
  let closing = false;

  const takeOver = async (clientId: string, client: MqttClient): Promise<void> => {
    const connected = await new Promise<boolean>((resolve) => {
      client.once('connect', () => resolve(true));
      client.once('close', () => resolve(false));
      client.connect();
    });
    if (!connected) return;
    log.warn({ member: clientId }, 'mqtt: taking over the session of a lost member');
    if (!(await options.leaveGroup(client))) {
      log.info({ member: clientId }, 'mqtt: the lost member session was taken from this instance');
      return;
    }
    taken += 1;
    log.info({ member: clientId }, 'mqtt: the lost member session is read and ended');
  };

  const heard = (clientId: string) => {
    if (closing || inProgress.has(clientId)) return;
    const client = options.takeOver(clientId);
    if (!client) return;
    client.on('error', (error) => log.warn({ err: error, member: clientId }, 'mqtt: taking over a session'));
    inProgress.set(clientId, client);
    setTimeout(() => {
      if (closing) {
        inProgress.delete(clientId);
        return;
      }
      takeOver(clientId, client)
        .catch((error: unknown) =>
          log.error({ err: error, member: clientId }, 'mqtt: session takeover failed'),
        )
        .finally(() => inProgress.delete(clientId));
    }, Math.random() * SPREAD_MS);
  };

  const watcher = await mqtt.connectAsync(options.url, {
    protocolVersion: 5,
    clientId: options.clientId,
    clean: true,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
  });
  const probe = `${PROBE_PREFIX}${options.clientId}`;
  let probeCameBack: () => void = () => undefined;
  const cameBack = new Promise<boolean>((resolve) => {
    probeCameBack = () => resolve(true);
    setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref();
  });
  watcher.on('message', (_topic, payload) => {
    const text = payload.toString('utf8');
    if (text === probe) probeCameBack();
    else heard(text);
  });
  watcher.on('error', (error) => log.warn({ err: error }, 'mqtt: lost-member watcher connection error'));
  // A broker may grant a subscription and still never deliver what its ACL denies (Mosquitto does): only a
  // message that comes back shows that the wills will be published and heard.
  const passesWills = async (): Promise<boolean> => {
    const [grant] = await watcher.subscribeAsync(options.topic, { qos: 1 });
    if (grant !== undefined && grant.qos >= 0x80) return false;
    const published = await watcher.publishAsync(options.topic, probe, { qos: 1 }).then(
      () => true,
      () => false, // MQTT 5: the broker acknowledges with "not authorized"
    );
    return published && cameBack;
  };
  try {
    if (!(await passesWills())) {
      throw new Error(
        `the broker does not pass ${options.topic} to this server: its account needs to read and write it, ` +
          "for the members' wills (docs/operations.md)",
      );
    }
  } catch (error) {
    await watcher.endAsync(true);
    throw error;
  }

  return {
    get taken() {
      return taken;
    },
    async close() {
      closing = true;
      await watcher.endAsync();
      // Without a DISCONNECT: the broker publishes their wills again, and another instance goes on.
      await Promise.all([...inProgress.values()].map((client) => client.endAsync(true)));
    },
  };
};
