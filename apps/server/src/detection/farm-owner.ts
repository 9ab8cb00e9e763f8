import { createHash } from 'node:crypto';

/**
 * The instance that detects for a farm: rendezvous (highest random weight) hashing over the live instances.
 * Every instance that sees the same members picks the same owner, and when an instance joins or leaves,
 * only the farms it takes or held move (Thaler and Ravishankar, 1998). Undefined when there are no members.
 */
export const farmOwner = (farmId: number, members: Iterable<string>): string | undefined => {
  let owner: string | undefined;
  let ownerWeight = -1;
  for (const member of members) {
    const weight = createHash('sha256').update(`${member}\n${farmId}`).digest().readUInt32BE(0);
    // Equal weights are a one-in-four-billion chance; the name breaks the tie the same way everywhere.
    if (weight > ownerWeight || (weight === ownerWeight && owner !== undefined && member < owner)) {
      owner = member;
      ownerWeight = weight;
    }
  }
  return owner;
};
