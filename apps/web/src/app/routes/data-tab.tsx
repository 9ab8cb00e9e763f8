import { LatestNews } from '../../features/news/components/latest-news';
import { DataTabRoute } from '../../features/overview/routes/overview-pages';

/** The data tab: the platform's news above the herd's charts. */
export function DataTabWithNewsRoute() {
  return <DataTabRoute lead={<LatestNews />} />;
}
