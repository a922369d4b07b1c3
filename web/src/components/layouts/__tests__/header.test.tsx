import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/lib/auth/types';
import type { FakeCmsOptions } from '@/testing/fake-cms';
import { meFixture, portalFixture, superadminFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

const learnPortal = portalFixture({ name: 'Learn Portal', slug: 'learn', isDefault: true, educationLabel: 'Learn' });

/** The app at `url` for `me` (a visitor when none), once the page and the session are settled. */
async function renderHeader(url: string, me?: Me, options: FakeCmsOptions = {}) {
  const app = renderAppAs(me, url, options);
  await findPageHeading();
  return { ...app, header: screen.getByRole('banner') };
}

const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label') ?? link.querySelector('img')?.alt ?? link.textContent);

describe('header for a visitor', () => {
  it('links the public pages, names education as the portal says, and offers Sign In and Sign Up', async () => {
    const { header } = await renderHeader('/', undefined, { portals: [learnPortal] });
    expect(linkNames(header)).toEqual(['Learn Portal', 'Portfolio', 'Team', 'Learn']);
    expect(within(header).getByRole('link', { name: 'Learn Portal' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
    expect(within(header).getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/about');
    expect(within(header).getByRole('link', { name: 'Learn' })).toHaveAttribute('href', '/education');
    expect(await within(header).findByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    for (const name of ['Log Out', 'Notifications', 'Switch On Edit Mode']) {
      expect(within(header).queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it("calls the education link 'Education' when the portal does not name it", async () => {
    const { header } = await renderHeader('/');
    expect(within(header).getByRole('link', { name: 'Education' })).toHaveAttribute('href', '/education');
  });

  it('opens the dialog in the mode of the button', async () => {
    const { header, user } = await renderHeader('/');
    await user.click(await within(header).findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleName('Sign Up');
  });
});

describe('header for a signed-in user', () => {
  it('adds Dashboard, Profile, the profile button, notifications and Log Out; the logo leads to the dashboard', async () => {
    const { header } = await renderHeader('/profile', meFixture());
    expect(linkNames(header)).toEqual([
      'Wasabi Stallions',
      'Dashboard',
      'Profile',
      'Portfolio',
      'Team',
      'Education',
      'My Profile',
    ]);
    expect(within(header).getByRole('link', { name: 'Wasabi Stallions' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(within(header).getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Switch On Edit Mode' })).not.toBeInTheDocument();
  });

  it("labels the sign-out of a guest session 'Log Guest Out'", async () => {
    const { header } = await renderHeader('/profile', meFixture({ isGuestSession: true }));
    expect(within(header).getByRole('button', { name: 'Log Guest Out' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
  });
});

describe('dark mode', () => {
  it("switches Bootstrap's colour mode, keeps the choice in 'isInDarkMode' and restores it on load", async () => {
    const first = await renderHeader('/');
    const toggle = within(first.header).getByRole('button', { name: 'Dark Mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'light');
    await first.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
    expect(localStorage.getItem('isInDarkMode')).toBe('true');
    first.unmount();
    expect(document.documentElement).not.toHaveAttribute('data-bs-theme');

    const second = await renderHeader('/');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
    await second.user.click(within(second.header).getByRole('button', { name: 'Dark Mode', pressed: true }));
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'light');
    expect(localStorage.getItem('isInDarkMode')).toBe('false');
  });
});

describe('edit mode', () => {
  const typeKeys = (target: Element, keys: string) => {
    for (const key of keys) fireEvent.keyDown(target, { key });
  };
  const editSwitch = (header: HTMLElement) => within(header).getByRole('button', { name: 'Switch On Edit Mode' });

  it('offers the switch to content editors only, and it toggles', async () => {
    const { header, user } = await renderHeader('/profile', superadminFixture());
    expect(editSwitch(header)).toHaveAttribute('aria-pressed', 'false');
    await user.click(editSwitch(header));
    expect(editSwitch(header)).toHaveAttribute('aria-pressed', 'true');
    await user.click(editSwitch(header));
    expect(editSwitch(header)).toHaveAttribute('aria-pressed', 'false');
  });

  it('turns on when a superadmin presses e, d, i, t one after another, but not while typing in a field', async () => {
    const { header } = await renderHeader('/profile', superadminFixture());
    const field = document.createElement('input');
    document.body.append(field);
    typeKeys(field, 'edit');
    expect(editSwitch(header)).toHaveAttribute('aria-pressed', 'false');
    typeKeys(document.body, 'edxit');
    expect(editSwitch(header)).toHaveAttribute('aria-pressed', 'false');
    typeKeys(document.body, 'eedit');
    expect(editSwitch(header)).toHaveAttribute('aria-pressed', 'true');
    field.remove();
  });

  it('ignores the sequence from anyone but a superadmin', async () => {
    const { header } = await renderHeader('/profile', meFixture({ level: 'admin', canEditContentItems: true }));
    typeKeys(document.body, 'edit');
    expect(editSwitch(header)).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('mobile menu', () => {
  it('closes on navigation and on a click outside the header, not on one inside', async () => {
    const { header, user } = await renderHeader('/');
    const toggle = within(header).getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(header).getByRole('link', { name: 'Team' }));
    expect(window.location.pathname).toBe('/about');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(within(header).getByRole('navigation'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('main'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('scroll styles', () => {
  const scrollTo = (y: number) =>
    act(() => {
      window.scrollY = y;
      window.dispatchEvent(new Event('scroll'));
    });

  it("adds 'scrolled' past 100 px until back under 10, and 'wider' past 200 px until back under 100", async () => {
    const { header } = await renderHeader('/');
    const classes = () => ['scrolled', 'wider'].filter((name) => header.classList.contains(name));

    const steps: [number, string[]][] = [
      [100, []],
      [101, ['scrolled']],
      [200, ['scrolled']],
      [201, ['scrolled', 'wider']],
      [100, ['scrolled', 'wider']],
      [99, ['scrolled']],
      [150, ['scrolled']],
      [10, ['scrolled']],
      [9, []],
      [50, []],
    ];
    for (const [y, expected] of steps) {
      await scrollTo(y);
      expect(classes(), `at ${y} px`).toEqual(expected);
    }
    await scrollTo(0);
  });
});
