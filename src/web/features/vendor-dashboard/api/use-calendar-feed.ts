import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedState, RotatedCalendarFeed } from '../../../../shared/calendar-feed.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

// The dashboard's Calendar sync (decision 091): GET /api/vendor/calendar-feed and POST
// /api/vendor/calendar-feed/rotate. Under the `vendor-account` key, so that signing out drops them
// with the rest of the vendor's data.

export const calendarFeedKey = ['vendor-account', 'calendar-feed'] as const;

export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }): Promise<CalendarFeedState> =>
      unwrap(api.vendor['calendar-feed'].$get({}, { init: { signal } })),
  });
}

/** A new link, replacing the old one; its URL is in the mutation's data, and nowhere else. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<RotatedCalendarFeed> => unwrap(api.vendor['calendar-feed'].rotate.$post()),
    onSuccess: ({ created_at }) =>
      queryClient.setQueryData<CalendarFeedState>(calendarFeedKey, { created_at }),
  });
}
