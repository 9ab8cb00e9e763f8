import type { GatewayAccount, ManagedNames, ResyncReport } from './broker-accounts';

/** One command of Mosquitto's dynamic-security API (`$CONTROL/dynamic-security/v1`). */
export type DynsecCommand = { command: string } & Record<string, unknown>;

export interface DynsecAcl {
  acltype: string;
  topic: string;
  allow?: boolean;
  priority?: number;
}

export interface DynsecClient {
  username: string;
  textdescription?: string;
  disabled?: boolean;
  roles?: { rolename: string }[];
}

export interface DynsecRole {
  rolename: string;
  acls?: DynsecAcl[];
}

/** What listClients and listRoles answered. */
export interface DynsecState {
  clients: DynsecClient[];
  roles: DynsecRole[];
}

/** The one right a farm's role grants: publishing to the farm's readings topic. */
export const farmRoleAcl = (topic: string): DynsecAcl => ({
  acltype: 'publishClientSend',
  topic,
  allow: true,
  priority: 0,
});

export const createFarmRole = (names: ManagedNames, account: GatewayAccount): DynsecCommand => ({
  command: 'createRole',
  rolename: names.roleOf(account),
  textdescription: 'CowCare: what the gateways of one farm may publish',
  acls: [farmRoleAcl(names.topicOf(account))],
});

const sameAcl = (a: DynsecAcl, b: DynsecAcl): boolean =>
  a.acltype === b.acltype && a.topic === b.topic && (a.allow ?? false) === (b.allow ?? false);

/** The commands that give a farm role exactly its one ACL. */
const repairRole = (role: DynsecRole, wanted: DynsecAcl): DynsecCommand[] => {
  const acls = role.acls ?? [];
  const extra = acls
    .filter((acl) => !sameAcl(acl, wanted))
    .map((acl) => ({
      command: 'removeRoleACL',
      rolename: role.rolename,
      acltype: acl.acltype,
      topic: acl.topic,
    }));
  const missing = acls.some((acl) => sameAcl(acl, wanted))
    ? []
    : [{ command: 'addRoleACL', rolename: role.rolename, ...wanted }];
  return [...extra, ...missing];
};

/** The commands that give a gateway's account exactly its farm's role. */
const repairClientRoles = (client: DynsecClient, rolename: string): DynsecCommand[] => {
  const roles = (client.roles ?? []).map((role) => role.rolename);
  const extra = roles
    .filter((role) => role !== rolename)
    .map((role) => ({ command: 'removeClientRole', username: client.username, rolename: role }));
  const missing = roles.includes(rolename)
    ? []
    : [{ command: 'addClientRole', username: client.username, rolename, priority: 0 }];
  return [...extra, ...missing];
};

export interface ResyncPlan {
  commands: DynsecCommand[];
  report: ResyncReport;
}

/**
 * From what the broker has to what the gateway table says: farm roles with exactly their topic, one account per
 * gateway with exactly its farm's role, and nothing the server made for a gateway or farm that is gone. Only
 * names the server owns are touched; the operator's own accounts (the server's, the admin's) are left alone.
 * A gateway with no account gets one, with its secret when it is known (the demo gateway), else disabled.
 */
export const planResync = (
  names: ManagedNames,
  broker: DynsecState,
  accounts: readonly GatewayAccount[],
  knownSecrets: ReadonlyMap<string, string> = new Map(),
): ResyncPlan => {
  const report: ResyncReport = {
    createdRoles: 0,
    deletedRoles: 0,
    repairedRoles: 0,
    deletedClients: [],
    repairedClients: [],
    withoutSecret: [],
  };
  const commands: DynsecCommand[] = [];
  const farms = new Map(accounts.map((account) => [names.roleOf(account), account]));
  const rolesOnBroker = new Map(broker.roles.map((role) => [role.rolename, role]));

  for (const [rolename, account] of farms) {
    const role = rolesOnBroker.get(rolename);
    if (!role) {
      commands.push(createFarmRole(names, account));
      report.createdRoles += 1;
      continue;
    }
    const repairs = repairRole(role, farmRoleAcl(names.topicOf(account)));
    if (repairs.length > 0) report.repairedRoles += 1;
    commands.push(...repairs);
  }

  const wanted = new Map(accounts.map((account) => [account.username, account]));
  const clientsOnBroker = new Map(broker.clients.map((client) => [client.username, client]));
  for (const client of broker.clients) {
    const managed = client.textdescription === names.clientDescription;
    if (managed && !wanted.has(client.username)) {
      commands.push({ command: 'deleteClient', username: client.username });
      report.deletedClients.push(client.username);
    }
  }
  for (const account of accounts) {
    const client = clientsOnBroker.get(account.username);
    const rolename = names.roleOf(account);
    if (client) {
      const repairs = repairClientRoles(client, rolename);
      if (repairs.length > 0) report.repairedClients.push(account.username);
      commands.push(...repairs);
      continue;
    }
    const secret = knownSecrets.get(account.username);
    commands.push({
      command: 'createClient',
      username: account.username,
      textdescription: names.clientDescription,
      roles: [{ rolename, priority: 0 }],
      ...(secret === undefined ? {} : { password: secret }),
    });
    if (secret === undefined) {
      commands.push({ command: 'disableClient', username: account.username });
      report.withoutSecret.push(account.username);
    }
  }

  for (const role of broker.roles) {
    if (role.rolename.startsWith(names.rolePrefix) && !farms.has(role.rolename)) {
      commands.push({ command: 'deleteRole', rolename: role.rolename });
      report.deletedRoles += 1;
    }
  }
  return { commands, report };
};
