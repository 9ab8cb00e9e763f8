import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { startLiveUpdates } from './live-updates';

/** Applies the socket's notice, cowinfo and sensorzt events and runs the 30-minute refresh. */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => startLiveUpdates(queryClient), [queryClient]);
  return null;
}
