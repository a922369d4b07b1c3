import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DEFAULT_LOGO_URL, portalAssetUrl } from '@/lib/portal/portal';
import { usePortal } from '@/lib/portal/portal-context';

function PortalLogo({ slug, name }: { slug: string; name: string }) {
  const [src, setSrc] = useState(() => portalAssetUrl(slug, 'logo.png'));
  // A portal created without a logo file still gets a brand mark instead of a broken image.
  return <img src={src} alt={name} height={48} onError={() => setSrc(DEFAULT_LOGO_URL)} />;
}

export function Header() {
  const { portal, selectedSlug } = usePortal();
  return (
    <header className="portal-header">
      <Navbar>
        <Container>
          <Navbar.Brand as={Link} to={paths.home.path}>
            <PortalLogo key={selectedSlug} slug={selectedSlug} name={portal.name} />
          </Navbar.Brand>
        </Container>
      </Navbar>
    </header>
  );
}
