import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { BrokerAccounts, GatewayAccount, ManagedNames } from './broker-accounts';
import {
  createFarmRole,
  planResync,
  type DynsecClient,
  type DynsecCommand,
  type DynsecRole,
} from './dynamic-security-plan';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
/** A broker that has not answered by then is treated as unreachable: the caller changes nothing. */
const ANSWER_TIMEOUT_MS = 5_000;

interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}

/** Answers that only say the change is there already: another instance got there first. */
const RESYNC_RACES = ['Client already exists', 'Client not found', 'Role not found', 'ACL not found'];

export class BrokerCommandError extends Error {
  constructor(
    readonly command: string,
    readonly brokerError: string,
  ) {
    super(`broker refused ${command}: ${brokerError}`);
  }
}

/**
 * The broker's dynamic-security plugin, driven over its control topic by an admin account (MQTT_DYNSEC_URL).
 * Every instance subscribes to the one response topic, so each command carries a correlation id of its own
 * and only its answer settles it.
 */
export class MosquittoDynamicSecurity implements BrokerAccounts {
  private readonly waiting = new Map<string, (response: DynsecResponse) => void>();

  private constructor(
    private readonly client: MqttClient,
    private readonly names: ManagedNames,
  ) {
    client.on('message', (topic, payload) => {
      if (topic === RESPONSE_TOPIC) this.settle(payload);
    });
  }

  static async connect(url: string, names: ManagedNames): Promise<MosquittoDynamicSecurity> {
    const client = await mqtt.connectAsync(url, {
      clientId: `cowcare-dynsec-${randomUUID()}`,
      reconnectPeriod: 1_000,
      connectTimeout: ANSWER_TIMEOUT_MS,
      queueQoSZero: false,
    });
    const granted = await client
      .subscribeAsync(RESPONSE_TOPIC, { qos: 1 })
      .then(([grant]) => grant !== undefined && grant.qos !== 128)
      .catch(() => false);
    if (!granted) {
      await client.endAsync(true);
      throw new Error(`the account may not subscribe to ${RESPONSE_TOPIC}: is it the plugin's admin?`);
    }
    return new MosquittoDynamicSecurity(client, names);
  }

  async putGateway(account: GatewayAccount, secret: string): Promise<void> {
    const rolename = this.names.roleOf(account);
    const [found] = await this.send([{ command: 'getClient', username: account.username }], {
      tolerate: ['Client not found'],
    });
    const client = (found?.data as { client?: DynsecClient } | undefined)?.client;
    const role = createFarmRole(this.names, account);
    if (!client) {
      await this.send([
        role,
        {
          command: 'createClient',
          username: account.username,
          password: secret,
          textdescription: this.names.clientDescription,
          roles: [{ rolename, priority: 0 }],
        },
      ]);
      return;
    }
    const hasRole = (client.roles ?? []).some((held) => held.rolename === rolename);
    // A new password closes the account's connections on the broker: the old secret's session ends here.
    await this.send([
      role,
      ...(hasRole ? [] : [{ command: 'addClientRole', username: account.username, rolename, priority: 0 }]),
      { command: 'setClientPassword', username: account.username, password: secret },
      { command: 'enableClient', username: account.username },
    ]);
  }

  async removeGateway(username: string): Promise<void> {
    // deleteClient also closes the account's connections.
    await this.send([{ command: 'deleteClient', username }], { tolerate: ['Client not found'] });
  }

  async resync(accounts: readonly GatewayAccount[], knownSecrets?: ReadonlyMap<string, string>) {
    const [clients, roles] = await this.send([
      { command: 'listClients', verbose: true, count: -1 },
      { command: 'listRoles', verbose: true, count: -1 },
    ]);
    const plan = planResync(
      this.names,
      {
        clients: (clients?.data as { clients?: DynsecClient[] } | undefined)?.clients ?? [],
        roles: (roles?.data as { roles?: DynsecRole[] } | undefined)?.roles ?? [],
      },
      accounts,
      knownSecrets,
    );
    if (plan.commands.length > 0) await this.send(plan.commands, { tolerate: RESYNC_RACES });
    return plan.report;
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }

  /** Sends `commands` as one batch, which the plugin runs in order; answers their responses in order. */
  private async send(
    commands: DynsecCommand[],
    options: { tolerate?: readonly string[] } = {},
  ): Promise<DynsecResponse[]> {
    // Refused at once while the broker is away: a command queued for later could land after the caller
    // has given up and rolled back, and change a gateway behind the farm's back.
    if (!this.client.connected) throw new Error('not connected to the broker');
    const ids = commands.map(() => randomUUID());
    const answers = ids.map((id) => this.answerTo(id));
    const tagged = commands.map((command, index) => ({ ...command, correlationData: ids[index] }));
    try {
      // QoS 0, never queued: the plugin's answer is the acknowledgement that counts.
      await this.client.publishAsync(CONTROL_TOPIC, JSON.stringify({ commands: tagged }), { qos: 0 });
      const responses = await Promise.all(answers.map((answer) => answer.response));
      for (const response of responses) {
        const error = response.error;
        if (error === undefined || options.tolerate?.includes(error)) continue;
        // Every change that needs a farm's role sends createRole first; the role is usually there.
        if (response.command === 'createRole' && error === 'Role already exists') continue;
        throw new BrokerCommandError(response.command, error);
      }
      return responses;
    } finally {
      for (const answer of answers) answer.cancel();
    }
  }

  private answerTo(id: string): { response: Promise<DynsecResponse>; cancel: () => void } {
    let timer: NodeJS.Timeout | undefined;
    const response = new Promise<DynsecResponse>((resolve, reject) => {
      timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`the broker did not answer within ${ANSWER_TIMEOUT_MS} ms`));
      }, ANSWER_TIMEOUT_MS);
      this.waiting.set(id, resolve);
    });
    // Rejections are read through Promise.all; one left over after another failed must not go unhandled.
    response.catch(() => undefined);
    return {
      response,
      cancel: () => {
        clearTimeout(timer);
        this.waiting.delete(id);
      },
    };
  }

  private settle(payload: Buffer): void {
    let parsed: { responses?: DynsecResponse[] };
    try {
      parsed = JSON.parse(payload.toString()) as { responses?: DynsecResponse[] };
    } catch {
      return;
    }
    for (const response of parsed.responses ?? []) {
      const resolve = response.correlationData && this.waiting.get(response.correlationData);
      if (resolve) resolve(response);
    }
  }
}
