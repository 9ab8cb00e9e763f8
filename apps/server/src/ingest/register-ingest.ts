import type { FastifyInstance } from 'fastify';
import { sensorOfflineJob } from '../jobs/sensor-offline-job';
import type { Services } from '../services';
import { startBrokerAccounts } from '../modules/gateways/broker-account-sync';
import { soleGatewayOf } from '../modules/gateways/gateways-repository';
import { startMqttIngest } from './mqtt-ingest';

/**
 * Starts the live parts with the app and stops them with it, in order: on ready the sockets follow the
 * bus, then MQTT and the jobs start; on close MQTT stops taking messages, the batches in progress finish
 * and publish, then the jobs and the bus stop. The database is closed after this (main.ts).
 */
export const registerIngest = (app: FastifyInstance, services: Services): void => {
  let unfollowBus: (() => Promise<void>) | undefined;

  app.addHook('onReady', async () => {
    unfollowBus = await services.sockets.followBus(services.bus);
    services.brokerAccounts = await startBrokerAccounts(services.config, services.db, services.log);
    services.mqtt = await startMqttIngest({
      config: services.config,
      ingest: services.ingest,
      gateways: services.gateways,
      traffic: services.gatewayTraffic,
      soleGatewayOf: (farmId) => soleGatewayOf(services.db, farmId),
      farms: services.farms,
      log: services.log,
    });
    services.gatewayTraffic.start();
    if (services.config.jobs) services.jobs.start(sensorOfflineJob(services.db, services.bus));
  });

  app.addHook('onClose', async () => {
    await services.mqtt?.close();
    services.mqtt = undefined;
    await services.brokerAccounts?.close();
    services.brokerAccounts = undefined;
    await services.ingest.drain();
    await services.gatewayTraffic.stop();
    await services.jobs.stop();
    await unfollowBus?.();
    await services.bus.close();
  });
};
