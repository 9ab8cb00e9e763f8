import { useQuery } from '@tanstack/react-query';
import { cowQueryOptions } from '../../../lib/farm-queries';

export { cowQueryOptions, getCow } from '../../../lib/farm-queries';

export const useCow = (id: number) => useQuery(cowQueryOptions(id));
