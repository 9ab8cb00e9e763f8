import { useQuery } from '@tanstack/react-query';
import { cowQueryOptions } from '../farm-queries';

export { cowQueryOptions, getCow } from '../farm-queries';

export const useCow = (id: number) => useQuery(cowQueryOptions(id));
