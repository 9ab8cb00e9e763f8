import { Notifications } from '@mantine/notifications';

/** Where toasts show; loaded after the first paint (issue 39). `notify()` queues in the store until then. */
export function NotificationsHost() {
  return <Notifications position="top-center" limit={3} />;
}
