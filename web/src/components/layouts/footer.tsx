import Container from 'react-bootstrap/Container';
import { usePortal } from '@/lib/portal/portal-context';

export function Footer() {
  const { portal } = usePortal();
  // The spec's order; each link shows only when the portal has that URL.
  const socialLinks = [
    { label: 'Facebook', url: portal.facebookUrl },
    { label: 'YouTube', url: portal.youtubeUrl },
    { label: 'Twitter', url: portal.twitterUrl },
    { label: 'Instagram', url: portal.instagramUrl },
  ].filter((link): link is { label: string; url: string } => Boolean(link.url));

  return (
    <footer className="border-top py-4 mt-5">
      <Container className="d-flex flex-wrap justify-content-between gap-3">
        <span>
          © {new Date().getFullYear()} {portal.name}
        </span>
        {socialLinks.length > 0 && (
          <nav aria-label="Social media">
            <ul className="list-inline mb-0">
              {socialLinks.map(({ label, url }) => (
                <li key={label} className="list-inline-item">
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </Container>
    </footer>
  );
}
