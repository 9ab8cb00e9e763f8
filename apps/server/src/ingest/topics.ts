import { readingsTopic } from '@cowcare/contract/routes/ingest';

export { readingsTopic };

export interface TopicFarm {
  country: string;
  farmNumber: string;
}

/** `{root}/{country}/{FarmNumber}/readings` -> the farm it names; undefined for any other topic. */
export const farmOfReadingsTopic = (root: string, topic: string): TopicFarm | undefined => {
  const levels = topic.split('/');
  if (levels.length !== 4 || levels[0] !== root || levels[3] !== 'readings') return undefined;
  const [, country, farmNumber] = levels;
  return country && farmNumber ? { country, farmNumber } : undefined;
};

/** MQTT 5 shared subscription (§4.8.2): the broker hands each message to one member of the group. */
export const sharedReadingsSubscription = (group: string, root: string): string =>
  `$share/${group}/${root}/+/+/readings`;

/**
 * A gateway may subscribe only below its own farm's level, so no filter of it can match another farm's
 * topic (a wildcard at the root, country or farm level would).
 */
export const isOwnFarmFilter = (root: string, farm: TopicFarm, filter: string): boolean =>
  filter.startsWith(`${root}/${farm.country}/${farm.farmNumber}/`);

/**
 * Where the broker publishes the will of a server member whose connection was lost (payload: its client id),
 * for the other instances to take its session over. Three levels, so no readings filter matches it.
 */
export const lostMembersTopic = (root: string): string => `${root}/_server/lost-members`;
