import { Suspense, lazy, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
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
import { useHeaderScroll } from './use-header-scroll';
import { useMobileMenu } from './use-mobile-menu';
import { useSiteLinks } from './use-site-links';

// Signed-in users only: its own chunk, off a visitor's first load.
const NotificationsBell = lazy(() =>
  import('./notifications-bell').then((module) => ({ default: module.NotificationsBell })),
);

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
      {/* Bootstrap's navbar markup without react-bootstrap's Navbar, whose offcanvas and transition code would
          weigh on every page's first load (the homepage stays under 100 KB of JavaScript, gzip). */}
      <nav className="navbar navbar-expand-lg">
        <div className="container">
          <Link className="navbar-brand" to={isSignedIn ? paths.dashboard.path : paths.home.path}>
            <PortalLogo key={selectedSlug} slug={selectedSlug} name={portal.name} />
          </Link>
          {/* Drawn in the header's text colour (Bootstrap's own icon is a fixed dark grey). */}
          <button
            type="button"
            className={menuExpanded ? 'navbar-toggler' : 'navbar-toggler collapsed'}
            aria-label="Toggle navigation"
            aria-controls={menuId}
            aria-expanded={menuExpanded}
            onClick={() => setMenuExpanded(!menuExpanded)}
          >
            <MenuIcon />
          </button>
          <div id={menuId} className={menuExpanded ? 'navbar-collapse collapse show' : 'navbar-collapse collapse'}>
            <div className="navbar-nav me-auto">
              {links.map(({ to, label }) => (
                <NavLink key={to} to={to} className="nav-link">
                  {label}
                </NavLink>
              ))}
            </div>
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
              {isSignedIn && (
                <Suspense fallback={null}>
                  <NotificationsBell />
                </Suspense>
              )}
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
          </div>
        </div>
      </nav>
    </header>
  );
}
