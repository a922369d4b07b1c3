import type { CapitalCallView } from '@portal/rules';
import useSWR from 'swr';
import { api, ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';

/**
 * One capital call of the signed-in investor (GET /api/profile/capital_calls/:fundEvent, docs/capital-accounts.md):
 * null when it is none of theirs (404), undefined while it loads; a failure to ask is SWR's error.
 */
export function useCapitalCall(fundEvent: string) {
  const { me } = useSession();
  // Keyed by user, so another session never sees this one's call.
  return useSWR(me ? ['capital-call', me.id, fundEvent] : null, async () => {
    try {
      return await api.read<CapitalCallView>(`/api/profile/capital_calls/${encodeURIComponent(fundEvent)}`);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) return null;
      throw failure;
    }
  });
}
