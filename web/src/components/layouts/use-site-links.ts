import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { educationLabel } from '@/lib/portal/portal';
import { usePortal } from '@/lib/portal/portal-context';

export type SiteLinkName = 'homepage' | 'dashboard' | 'profile' | 'portfolio' | 'about' | 'education';

export interface SiteLink {
  to: string;
  label: string;
}

/** The site's menu links in the order asked for, leaving out those the user may not follow. */
export function useSiteLinks(names: SiteLinkName[]): SiteLink[] {
  const { portal } = usePortal();
  const { isSignedIn, canEditContentItems } = useSession();
  const links: Record<SiteLinkName, SiteLink & { shown: boolean }> = {
    homepage: { to: paths.homepage.path, label: 'Homepage', shown: canEditContentItems },
    dashboard: { to: paths.dashboard.path, label: 'Dashboard', shown: isSignedIn },
    profile: { to: paths.profile.path, label: 'Profile', shown: isSignedIn },
    portfolio: { to: paths.portfolio.path, label: 'Portfolio', shown: true },
    about: { to: paths.about.path, label: 'Team', shown: true },
    education: { to: paths.education.path, label: educationLabel(portal), shown: true },
  };
  return names.map((name) => links[name]).filter((link) => link.shown);
}
