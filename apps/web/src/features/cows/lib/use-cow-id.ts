import { useSearchParams } from 'react-router';

/** The cow a page is about: `?id=<positive integer>`; null when missing or malformed. */
export function useCowIdParam(): number | null {
  const [search] = useSearchParams();
  const raw = search.get('id');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
