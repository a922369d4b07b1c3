import Container from 'react-bootstrap/Container';
import { NavLink } from 'react-router-dom';
import { ContentViewer } from '@/components/content/content-viewer';
import { FacebookIcon, InstagramIcon, TwitterIcon, YouTubeIcon } from '@/components/ui/icons';
import { usePortal } from '@/lib/portal/portal-context';
import { useSiteLinks } from './use-site-links';

export function Footer() {
  const { portal } = usePortal();
  const links = useSiteLinks(['homepage', 'dashboard', 'profile', 'about', 'education']);
  // The spec's order; each link shows only when the portal has that URL.
  const socialLinks = [
    { label: 'Facebook', url: portal.facebookUrl, Icon: FacebookIcon },
    { label: 'YouTube', url: portal.youtubeUrl, Icon: YouTubeIcon },
    { label: 'Twitter', url: portal.twitterUrl, Icon: TwitterIcon },
    { label: 'Instagram', url: portal.instagramUrl, Icon: InstagramIcon },
  ].filter((link) => Boolean(link.url));

  return (
    <footer className="border-top py-4 mt-5">
      <Container className="d-grid gap-3">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-3">
          <nav className="nav" aria-label="Footer">
            {links.map(({ to, label }) => (
              <NavLink key={to} to={to} className="nav-link ps-0">
                {label}
              </NavLink>
            ))}
          </nav>
          {socialLinks.length > 0 && (
            <nav aria-label="Social media">
              <ul className="list-inline mb-0">
                {socialLinks.map(({ label, url, Icon }) => (
                  <li key={label} className="list-inline-item">
                    <a
                      href={url ?? undefined}
                      aria-label={label}
                      title={label}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <Icon />
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
        <ContentViewer slug="footer-terms" hideTitle className="small text-body-secondary" />
        <span className="small">
          © {new Date().getFullYear()} {portal.name}
        </span>
      </Container>
    </footer>
  );
}
