import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { PregnancyCheckDays } from '@cowcare/contract/schemas';
import { call } from '../../../lib/api-client';
import { settingsQueryOptions, type SettingsParams } from '../../../lib/settings-query';
import { bossGrantHeaders } from '../../../lib/boss-password';

export interface SaveSettingsInput {
  params: SettingsParams;
  days: PregnancyCheckDays;
  /** The boss (management) password: verified first, its grant then authorises the save. */
  bossPassword: string;
}

export async function saveSettings({ params, days, bossPassword }: SaveSettingsInput) {
  const headers = await bossGrantHeaders(bossPassword);
  return call(api.user.putSettings, { params, body: days, headers });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (days, { params }) => queryClient.setQueryData(settingsQueryOptions(params).queryKey, days),
  });
}
