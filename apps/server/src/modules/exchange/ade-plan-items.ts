import {
  ADE_COLLECTIONS,
  type AdeCollection,
  type AdeFile,
  type AdeReason,
} from '@cowcare/contract/routes/exchange';
import { adeSchemaProblems } from './ade-schemas';
import { SCHEMES, collectionOfResourceType } from './ade-vocabulary';
import { isObject, keyOf, sensorNumber, text, type PlanContext } from './ade-plan-context';
import type { Item, Json } from './ade-plan-types';

// The file's resources as items that know their list and position, so every problem is said of its item.

/** `{ "member": [...] }` or our envelope, as items with the list each came from. */
export const itemsOfFile = (
  file: AdeFile,
  refuse: (
    item: Omit<Item, 'resource' | 'collection'> & { collection: string },
    reason: AdeReason,
    detail: string,
  ) => void,
): Item[] => {
  const items: Item[] = [];
  const members = Array.isArray(file.member) ? file.member : [];
  members.forEach((resource, index) => {
    const collection = collectionOfResourceType((resource as Json).resourceType);
    if (!collection) {
      refuse(
        { collection: 'member', list: 'member', index },
        'unknownResourceType',
        `resourceType ${String((resource as Json).resourceType)} is not one this app reads`,
      );
      return;
    }
    items.push({ collection, list: 'member', index, resource: resource });
  });
  for (const collection of ADE_COLLECTIONS) {
    (file[collection] ?? []).forEach((resource, index) =>
      items.push({ collection, list: collection, index, resource: resource }),
    );
  }
  return items;
};

/** The file's items that meet the standard's schema, by collection; each other one is refused. */
export const validItemsOf = (ctx: PlanContext, file: AdeFile): ((collection: AdeCollection) => Item[]) => {
  const items = itemsOfFile(file, (item, reason, detail) => ctx.refuse(item, reason, detail));
  const valid = items.filter((item) => {
    const problems = adeSchemaProblems(item.collection, item.resource);
    if (problems.length > 0) {
      ctx.refuse(item, 'schemaViolation', problems.slice(0, 3).join('; '), describeItem(item.resource));
    }
    return problems.length === 0;
  });
  return (collection) => valid.filter((item) => item.collection === collection);
};

/** The sensors a file's animals wear and its devices name, for the farm facts. */
export const sensorsNamedIn = (file: AdeFile): number[] => {
  const named = new Set<number>();
  const resources = [...(file.animals ?? []), ...(file.devices ?? []), ...(file.member ?? [])] as Json[];
  for (const resource of resources) {
    for (const alternative of Array.isArray(resource.alternativeIdentifiers)
      ? resource.alternativeIdentifiers
      : []) {
      if (isObject(alternative) && alternative.scheme === SCHEMES.sensor) {
        const sensor = sensorNumber(alternative.id);
        if (sensor) named.add(sensor);
      }
    }
    const device = sensorNumber(resource.id);
    if (device && resource.identifier === undefined) named.add(device);
  }
  return [...named];
};

/** An item in a refusal: the animal's tag or identifier, or the event's id and animal. */
const describeItem = (resource: Json): string => {
  const tag = text(resource.managementTag);
  if (tag) return tag;
  const id = text(resource.id) ?? keyOf(resource.identifier) ?? '';
  const animal = keyOf(resource.animal);
  return animal ? `${id} (${animal})` : id;
};
