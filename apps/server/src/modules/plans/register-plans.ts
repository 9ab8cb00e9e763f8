import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { planRenewalJob } from './renewal-job';

/** The monthly plan charges and the low-balance warnings, hourly. */
export const registerPlans = (_app: FastifyInstance, services: Services): void => {
  if (services.config.jobs) services.jobs.start(planRenewalJob(services));
};
