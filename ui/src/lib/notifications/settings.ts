import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export interface NotificationSettings {
  emailNotifications: boolean;
}

export const NOTIFICATION_SETTINGS_URL = '/api/users/me/notification-settings';
export const notificationSettingsKey = [NOTIFICATION_SETTINGS_URL] as const;

/** GET /api/users/me/notification-settings (the default fetch: the key is the path). */
export function useNotificationSettings() {
  return useQuery<NotificationSettings>({ queryKey: notificationSettingsKey, staleTime: 0 });
}

/** PUT /api/users/me/notification-settings: the switch moves at once and goes back should the call fail. */
export function useUpdateNotificationSettings() {
  return useMutation<NotificationSettings, Error, NotificationSettings, { previous: NotificationSettings | undefined }>({
    mutationFn: (settings) => api.put<NotificationSettings>(NOTIFICATION_SETTINGS_URL, settings),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsKey });
      const previous = queryClient.getQueryData<NotificationSettings>(notificationSettingsKey);
      queryClient.setQueryData<NotificationSettings>(notificationSettingsKey, settings);
      return { previous };
    },
    onSuccess: (saved, sent) => {
      queryClient.setQueryData<NotificationSettings>(
        notificationSettingsKey,
        typeof saved?.emailNotifications === 'boolean' ? saved : sent,
      );
    },
    onError: (_error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(notificationSettingsKey, context.previous);
    },
  });
}
