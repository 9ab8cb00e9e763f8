// What a start sends the broker's dynamic-security plugin to bring it in step with the gateway table.
import { describe, expect, it } from 'vitest';
import { managedNames } from '../src/modules/gateways/broker-accounts';
import { planResync } from '../src/modules/gateways/dynamic-security-plan';

const names = managedNames('cowcare');
const barn = { username: 'gw-a1-0001', country: 'KR', farmNumber: 'A1' };
const pasture = { username: 'gw-a1-0002', country: 'KR', farmNumber: 'A1' };
const farmRole = {
  rolename: 'cowcare-farm-KR-A1',
  acls: [{ acltype: 'publishClientSend', topic: 'cowcare/KR/A1/readings', allow: true, priority: 0 }],
};
const gatewayClient = (username: string, roles = ['cowcare-farm-KR-A1']) => ({
  username,
  textdescription: names.clientDescription,
  roles: roles.map((rolename) => ({ rolename })),
});

describe('planning a resync', () => {
  it('sends nothing when the broker is in step', () => {
    const plan = planResync(names, { clients: [gatewayClient(barn.username)], roles: [farmRole] }, [barn]);
    expect(plan.commands).toEqual([]);
  });

  it('makes a missing farm role, and a missing account disabled unless its secret is known', () => {
    const plan = planResync(
      names,
      { clients: [], roles: [] },
      [barn, pasture],
      new Map([[pasture.username, 'known']]),
    );
    expect(plan.commands.map((command) => [command.command, command.username ?? command.rolename])).toEqual([
      ['createRole', 'cowcare-farm-KR-A1'],
      ['createClient', barn.username],
      ['disableClient', barn.username],
      ['createClient', pasture.username],
    ]);
    expect(plan.commands[3]).toMatchObject({
      password: 'known',
      roles: [{ rolename: 'cowcare-farm-KR-A1' }],
    });
    expect(plan.commands[1]).not.toHaveProperty('password');
    expect(plan.report.withoutSecret).toEqual([barn.username]);
  });

  it('removes what the server made for gone gateways and farms, never the operator’s own', () => {
    const plan = planResync(
      names,
      {
        clients: [gatewayClient('gw-gone'), { username: 'ingest', roles: [{ rolename: 'cowcare-server' }] }],
        roles: [farmRole, { rolename: 'cowcare-farm-KR-B2' }, { rolename: 'cowcare-server' }],
      },
      [],
    );
    expect(plan.commands).toEqual([
      { command: 'deleteClient', username: 'gw-gone' },
      { command: 'deleteRole', rolename: 'cowcare-farm-KR-A1' },
      { command: 'deleteRole', rolename: 'cowcare-farm-KR-B2' },
    ]);
  });

  it('narrows a widened farm role and strips roles a gateway should not hold', () => {
    const widened = {
      ...farmRole,
      acls: [...farmRole.acls, { acltype: 'publishClientSend', topic: '#', allow: true }],
    };
    const plan = planResync(
      names,
      { clients: [gatewayClient(barn.username, ['cowcare-server'])], roles: [widened] },
      [barn],
    );
    expect(plan.commands).toEqual([
      { command: 'removeRoleACL', rolename: 'cowcare-farm-KR-A1', acltype: 'publishClientSend', topic: '#' },
      { command: 'removeClientRole', username: barn.username, rolename: 'cowcare-server' },
      { command: 'addClientRole', username: barn.username, rolename: 'cowcare-farm-KR-A1', priority: 0 },
    ]);
    expect(plan.report).toMatchObject({ repairedRoles: 1, repairedClients: [barn.username] });
  });
});
