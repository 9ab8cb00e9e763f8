import type { Queryable } from '../db/database';
import type { TopicFarm } from './topics';

/**
 * Topic names -> farm id, for readings that arrive through an external broker (whose ACLs vouched for the
 * gateway). A farm's number and country never change, so found farms are kept; unknown ones are asked
 * again each time (a farm registered a minute ago must work).
 */
export class FarmDirectory {
  private readonly known = new Map<string, number>();

  constructor(private readonly db: Queryable) {}

  async farmIdOf(farm: TopicFarm): Promise<number | undefined> {
    const key = `${farm.country}/${farm.farmNumber}`;
    const cached = this.known.get(key);
    if (cached !== undefined) return cached;
    const [row] = await this.db.query<{ id: number }>(
      'SELECT id FROM farms WHERE farm_number = $1 AND country = $2',
      [farm.farmNumber, farm.country],
    );
    if (row) this.known.set(key, row.id);
    return row?.id;
  }
}
