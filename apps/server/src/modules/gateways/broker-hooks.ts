import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BROKER_HOOKS_PATH,
  EmqxAnswer,
  EmqxAuthenticationBody,
  EmqxAuthorizationBody,
  VERNEMQ_HOOKS,
  VernemqAnswer,
  VernemqHookBody,
  type VernemqHook,
} from '@cowcare/contract/broker-hooks';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { readingsTopic } from '@cowcare/contract/routes/ingest';
import { badRequest } from '../../http/app-error';
import { checkMachineAccess } from '../../http/machine-access';
import { isOwnFarmFilter } from '../../ingest/topics';
import type { Services } from '../../services';
import { findGatewayByUsername } from './gateways-repository';

/** A gateway's verdict; `unknown` when the name is not a gateway's (the operator's own accounts). */
type Verdict = 'allow' | 'deny' | 'unknown';
type Action = 'login' | 'publish' | 'subscribe';

/**
 * The same rules as the embedded broker's: a gateway logs in with its current secret (throttled like every
 * gateway login), publishes only to its farm's readings topic, and subscribes only below its farm's level.
 */
const judge = async (
  services: Services,
  request: { username: string; action: Action; password?: string; topics?: string[]; address?: string },
): Promise<Verdict> => {
  const gateway = await findGatewayByUsername(services.db, request.username);
  if (!gateway) return 'unknown';
  const root = services.config.mqttTopicRoot;
  const topics = request.topics ?? [];
  switch (request.action) {
    case 'login': {
      // Without the gateway's own address, failures count against the broker's, which is safe but coarse.
      const check = await services.gateways.check(
        request.username,
        request.password ?? '',
        request.address ?? 'broker',
      );
      return check.ok ? 'allow' : 'deny';
    }
    case 'publish': {
      const own = readingsTopic(root, gateway.country, gateway.farmNumber);
      return topics.length > 0 && topics.every((topic) => topic === own) ? 'allow' : 'deny';
    }
    case 'subscribe':
      return topics.length > 0 && topics.every((filter) => isOwnFarmFilter(root, gateway, filter))
        ? 'allow'
        : 'deny';
  }
};

const emqxAnswer = (verdict: Verdict): EmqxAnswer =>
  verdict === 'unknown'
    ? { result: 'ignore' }
    : verdict === 'allow'
      ? { result: 'allow', is_superuser: false }
      : { result: 'deny' };

const vernemqAnswer = (verdict: Verdict): VernemqAnswer =>
  verdict === 'unknown'
    ? { result: 'next' }
    : verdict === 'allow'
      ? { result: 'ok' }
      : { result: { error: 'not_allowed' } };

const hookOf = (request: FastifyRequest): VernemqHook => {
  const named = request.headers['vernemq-hook'];
  const hook = VERNEMQ_HOOKS.find((known) => known === named);
  if (!hook) {
    throw badRequest(ERROR_CODES.validation, `vernemq-hook must be one of ${VERNEMQ_HOOKS.join(', ')}`);
  }
  return hook;
};

const vernemqAction = (hook: VernemqHook): Action =>
  hook.startsWith('auth_on_register')
    ? 'login'
    : hook.startsWith('auth_on_publish')
      ? 'publish'
      : 'subscribe';

/**
 * `/api/broker-hooks/*`: what an external EMQX (HTTP authentication and authorization) or VerneMQ (webhooks)
 * asks about a gateway, answered from the gateway table, so those brokers refuse a rotated or deleted secret
 * at the next login and keep each gateway to its farm's topic. Names that are not gateways are passed on.
 */
export const registerBrokerHooks = (app: FastifyInstance, services: Services): void => {
  const onRequest = async (request: FastifyRequest) =>
    checkMachineAccess(request, services.config.brokerHookToken, 'Broker hooks', 'BROKER_HOOK_TOKEN');

  app.post(
    `${BROKER_HOOKS_PATH}/emqx/authenticate`,
    { onRequest, schema: { body: EmqxAuthenticationBody, response: { 200: EmqxAnswer } } },
    async (request) => {
      const body = request.body as EmqxAuthenticationBody;
      const verdict = await judge(services, {
        username: body.username,
        action: 'login',
        password: body.password,
        ...(body.peerhost ? { address: body.peerhost } : {}),
      });
      return emqxAnswer(verdict);
    },
  );

  app.post(
    `${BROKER_HOOKS_PATH}/emqx/authorize`,
    { onRequest, schema: { body: EmqxAuthorizationBody, response: { 200: EmqxAnswer } } },
    async (request) => {
      const body = request.body as EmqxAuthorizationBody;
      // `all` asks for both: only a topic a gateway may publish to passes.
      const actions: Action[] = body.action === 'all' ? ['publish', 'subscribe'] : [body.action];
      const verdicts = await Promise.all(
        actions.map((action) => judge(services, { username: body.username, action, topics: [body.topic] })),
      );
      return emqxAnswer(verdicts.includes('deny') ? 'deny' : (verdicts[0] ?? 'unknown'));
    },
  );

  app.post(
    `${BROKER_HOOKS_PATH}/vernemq`,
    { onRequest, schema: { body: VernemqHookBody, response: { 200: VernemqAnswer } } },
    async (request) => {
      const action = vernemqAction(hookOf(request));
      const body = request.body as VernemqHookBody;
      if (!body.username) return vernemqAnswer('unknown');
      const topics = body.topics?.map((entry) => entry.topic) ?? (body.topic ? [body.topic] : []);
      const verdict = await judge(services, {
        username: body.username,
        action,
        topics,
        ...(body.password ? { password: body.password } : {}),
        ...(body.peer_addr ? { address: body.peer_addr } : {}),
      });
      return vernemqAnswer(verdict);
    },
  );
};
