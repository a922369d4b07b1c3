import useSWR from 'swr';
import { list } from '@/lib/collections';
import { usePortal } from '@/lib/portal/portal-context';

/** A person on the team page, as GET /api/team_members answers it. */
export interface TeamMember {
  id: number;
  documentId: string;
  name: string;
  position: string | null;
  /** HTML. */
  bio: string | null;
  imageUrl: string | null;
  sortOrder: number | null;
}

/** The selected portal's team in its sort order; a failed read is an empty team. */
export function useTeamMembers() {
  const { selectedSlug } = usePortal();
  // The CMS serves only the portal's own team, whatever is asked; the portal names which one a visitor sees.
  return useSWR(['team-members', selectedSlug], ([, portal]) =>
    list<TeamMember>('team_members', { portal, sort: 'sortOrder', limit: 999 }),
  );
}
