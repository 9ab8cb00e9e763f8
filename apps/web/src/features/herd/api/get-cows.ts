import { useQuery } from '@tanstack/react-query';
import { cowsQueryOptions, type FarmParams } from '../../../lib/farm-queries';

export { cowsQueryOptions, cowsQueryPrefix, getCows, type FarmParams } from '../../../lib/farm-queries';

export const useCows = (params: FarmParams) => useQuery(cowsQueryOptions(params));
