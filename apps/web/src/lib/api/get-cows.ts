import { useQuery } from '@tanstack/react-query';
import { cowsQueryOptions, type FarmParams } from '../farm-queries';

export { cowsQueryOptions, cowsQueryPrefix, getCows, type FarmParams } from '../farm-queries';

export const useCows = (params: FarmParams) => useQuery(cowsQueryOptions(params));
