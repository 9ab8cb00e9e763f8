/** A time as an agent reads it, in the browser's zone: `2026-11-28 06:10`; a dash when there is none. */
export const when = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
