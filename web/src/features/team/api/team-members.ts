import type { TeamMember } from '@portal/rules';
import useSWR from 'swr';
import { list } from '@/lib/collections';
import { usePortal } from '@/lib/portal/portal-context';

// The CMS's shape (rules/src/contracts/collections.ts), under the name the team components import it by.
export type { TeamMember } from '@portal/rules';

/** The selected portal's team in its sort order; a failed read is an empty team. */
export function useTeamMembers() {
  const { selectedSlug } = usePortal();
  // The CMS serves only the portal's own team, whatever is asked; the portal names which one a visitor sees.
  return useSWR(['team-members', selectedSlug], ([, portal]) =>
    list<TeamMember>('team_members', { portal, sort: 'sortOrder', limit: 999 }),
  );
}
