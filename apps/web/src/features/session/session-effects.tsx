import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { clearCowListPrefs } from '../../lib/cow-list-storage';
import { appEvents } from '../../lib/event-bus';
import { applyLoginLanguage } from '../../lib/language';
import { markPaySuccessShown, paySuccessOrderId } from '../../lib/payment-success';
import { endSession, readSession } from '../../lib/session';
import { chatSocket } from '../../lib/chat-socket';
import { notificationSocket } from '../../lib/socket';
import { isChangingPasswordHere } from '../../lib/api/change-password';
import { userMessagesQuery } from '../../lib/api/user-messages';
import { runFarmData } from './api/farm-data-run';

function startSession(farmNumber: string | undefined): void {
  // Best effort: the app works without it, so a failure is not shown.
  if (farmNumber) runFarmData(farmNumber).catch(() => undefined);
  notificationSocket.connect();
  chatSocket.connect();
}

let launched = false;

// A dialog's code (scroll lock, focus trap, transitions) is not part of every page's first load (issue 39).
const PaidDialog = lazy(() => import('./paid-dialog').then((module) => ({ default: module.PaidDialog })));

/**
 * What happens around a session (spec §4/§7, architecture §5): after launch and after login the farm data
 * run and the socket; on logout the socket closes, caches clear and the login page shows; when the server
 * ends the login behind the socket (logout in another tab, a password change, support), the session ends
 * here too; a payment success shows its modal.
 */
export function SessionEffects() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState(false);

  useEffect(() => {
    // Once per page load, for a session restored from storage.
    if (!launched) {
      launched = true;
      const session = readSession();
      if (session) startSession(session.user?.FarmNumber);
    }
    const offLogin = appEvents.on('loginSuccess', ({ user }) => {
      startSession(user.FarmNumber);
      // Spec §5: loginSuccess loads the user's messages (their notes to CowCare) with the rest of their data;
      // a session restored from storage loads them when the screen opens.
      void queryClient.prefetchQuery(userMessagesQuery(user.id));
      void applyLoginLanguage(i18n, user);
    });
    const offLogout = appEvents.on('logout', () => {
      notificationSocket.close();
      chatSocket.close();
      // Spec §4: logout forgets the stored filter data and all cows.
      clearCowListPrefs();
      queryClient.clear();
      void navigate(paths.login.login, { replace: true });
    });
    const offLoginEnded = appEvents.on('socketLoginEnded', () => {
      // A password change made here ends the login too; its dialog says so and then logs out.
      if (!isChangingPasswordHere(queryClient)) endSession('expired');
    });
    const showPaid = (orderId: number | null) => {
      if (orderId !== null) markPaySuccessShown(orderId);
      setPaid(true);
    };
    const offPaid = appEvents.on('socket_paysuccess', (payload) => showPaid(paySuccessOrderId(payload)));
    // The return from the provider finds the order paid itself when the socket's message came before the
    // reloaded page connected (decision 0026): the same modal, once per order.
    const offConfirmed = appEvents.on('paymentConfirmed', ({ orderId }) => showPaid(orderId));
    return () => {
      offLogin();
      offLogout();
      offLoginEnded();
      offPaid();
      offConfirmed();
    };
  }, [i18n, navigate, queryClient]);

  return paid ? (
    <Suspense>
      <PaidDialog />
    </Suspense>
  ) : null;
}
