import { useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { MenuIcon, MoonIcon, PencilIcon, PersonIcon, SunIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { useSignInDialog } from '@/lib/auth/sign-in-dialog-context';
import { useDarkMode } from '@/lib/dark-mode';
import { useEditMode } from '@/lib/edit-mode';
import { DEFAULT_LOGO_URL, portalAssetUrl } from '@/lib/portal/portal';
import { usePortal } from '@/lib/portal/portal-context';
import { HeaderIconButton } from './header-icon-button';
import { NotificationsBell } from './notifications-bell';
import { useHeaderScroll } from './use-header-scroll';
import { useMobileMenu } from './use-mobile-menu';
import { useSiteLinks } from './use-site-links';

function PortalLogo({ slug, name }: { slug: string; name: string }) {
  const [src, setSrc] = useState(() => portalAssetUrl(slug, 'logo.png'));
  // A portal created without a logo file still gets a brand mark instead of a broken image.
  return <img src={src} alt={name} className="portal-logo" onError={() => setSrc(DEFAULT_LOGO_URL)} />;
}

export function Header() {
  const { portal, selectedSlug } = usePortal();
  const { isSignedIn, isGuestSession, canEditContentItems, settings, signOut } = useSession();
  const { isInDarkMode, toggleDarkMode } = useDarkMode();
  const { isEditMode, setEditMode } = useEditMode();
  const signInDialog = useSignInDialog();
  const navigate = useNavigate();
  const header = useRef<HTMLElement>(null);
  const [menuExpanded, setMenuExpanded] = useMobileMenu(header);
  const { scrolled, wider } = useHeaderScroll();
  const links = useSiteLinks(['dashboard', 'profile', 'portfolio', 'about', 'education']);
  const menuId = useId();

  const logOut = async () => {
    await signOut();
    // Off a members' page, so the visitor is not asked to sign in again straight away.
    navigate(paths.home.path);
  };

  const className = ['portal-header', 'sticky-top', scrolled && 'scrolled', wider && 'wider'].filter(Boolean).join(' ');
  return (
    <header ref={header} className={className}>
      <Navbar expand="lg" expanded={menuExpanded} onToggle={setMenuExpanded}>
        <Container>
          <Navbar.Brand as={Link} to={isSignedIn ? paths.dashboard.path : paths.home.path}>
            <PortalLogo key={selectedSlug} slug={selectedSlug} name={portal.name} />
          </Navbar.Brand>
          {/* Drawn in the header's text colour (Bootstrap's own icon is a fixed dark grey). */}
          <Navbar.Toggle aria-controls={menuId} aria-expanded={menuExpanded}>
            <MenuIcon />
          </Navbar.Toggle>
          <Navbar.Collapse id={menuId}>
            <Nav className="me-auto">
              {links.map(({ to, label }) => (
                <Nav.Link key={to} as={NavLink} to={to}>
                  {label}
                </Nav.Link>
              ))}
            </Nav>
            <div className="d-flex flex-wrap align-items-center gap-2">
              {isSignedIn && (
                <Link
                  to={paths.profile.path}
                  className="btn btn-link header-icon"
                  aria-label="My Profile"
                  title="My Profile"
                >
                  <PersonIcon />
                </Link>
              )}
              <HeaderIconButton label="Dark Mode" pressed={isInDarkMode} onClick={toggleDarkMode}>
                {isInDarkMode ? <SunIcon /> : <MoonIcon />}
              </HeaderIconButton>
              {canEditContentItems && (
                <HeaderIconButton
                  label="Switch On Edit Mode"
                  pressed={isEditMode}
                  onClick={() => setEditMode(!isEditMode)}
                >
                  <PencilIcon />
                </HeaderIconButton>
              )}
              {isSignedIn && <NotificationsBell />}
              {isSignedIn ? (
                <Button variant="portal" onClick={logOut}>
                  {isGuestSession ? 'Log Guest Out' : 'Log Out'}
                </Button>
              ) : (
                <>
                  <Button variant="portal" onClick={() => signInDialog.open('signin')}>
                    Sign In
                  </Button>
                  {!settings.registrationDisabled && (
                    <Button variant="portal" onClick={() => signInDialog.open('registration')}>
                      Sign Up
                    </Button>
                  )}
                </>
              )}
            </div>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
