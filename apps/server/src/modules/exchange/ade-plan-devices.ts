import { keyOf, sensorNumber, type PlanContext } from './ade-plan-context';
import type { Item } from './ade-plan-types';

// Devices and locations: what of them an import keeps, and what it leaves out while the rest goes in.

/** The worn sensors come with their cows; a free unworn one joins the farm's inventory. */
export const planSensors = (ctx: PlanContext, worn: Iterable<number>, devices: Item[]): Set<number> => {
  const sensors = new Set(worn);
  for (const item of devices) {
    const sensor = sensorNumber(item.resource.id);
    const id = String(item.resource.id);
    if (sensor === undefined) {
      ctx.skip(item, 'unsupportedValue', `device ${id} is not a sensor number`, id);
    } else if (ctx.facts.takenSensors.has(sensor)) {
      const detail = `sensor ${sensor} is another farm's or worn by a cow of this farm`;
      ctx.skip(item, 'sensorTaken', detail, String(sensor));
    } else {
      sensors.add(sensor);
    }
  }
  return sensors;
};

export const skipLocations = (ctx: PlanContext, locations: Item[]): void => {
  for (const item of locations) {
    const detail = "locations are not imported: draw the farm's paddocks in the app";
    ctx.skip(item, 'notImported', detail, keyOf(item.resource.identifier) ?? '');
  }
};
