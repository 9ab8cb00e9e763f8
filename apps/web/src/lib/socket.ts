import { socketUrl } from '../config/env';
import { refreshRefusedToken } from './api-client';
import { appEvents } from './event-bus';
import { getToken, getUser } from './session';
import { SocketClient } from './socket-client';

/** The app's notification socket (architecture §5). The session feature connects and closes it. */
/** The token of the latest connection, so a refusal of it is not refreshed twice. */
let usedToken: string | null = null;

export const notificationSocket = new SocketClient({
  url: () => {
    usedToken = getToken();
    return usedToken ? socketUrl(usedToken) : null;
  },
  user: () => {
    const user = getUser();
    return user ? { id: user.id, name: user.name, city: user.FarmNumber } : null;
  },
  publish: (type, data) => appEvents.emit(type, data),
  onUnauthorized: () => {
    appEvents.emit('socketUnauthorized', undefined);
    // The access token expired: get a new one before the next attempt (a failed refresh logs out).
    refreshRefusedToken(usedToken).catch(() => undefined);
  },
  // The server ended this login (close code 4440); the session effects decide when to show the login page.
  onLoginEnded: () => appEvents.emit('socketLoginEnded', undefined),
});
