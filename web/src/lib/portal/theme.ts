import { readableColorOn, readableTextOn } from '@portal/rules';
import type { Portal } from './portal';

/** The spec's colours for a portal that sets none. */
export const DEFAULT_COLORS = {
  portal: '#225',
  primary: '#1976D2',
  secondary: '#5BACA2',
} as const;

/** '#rgb' or '#rrggbb' as Bootstrap's 'r, g, b' triplet; null when unreadable. */
function rgbTriplet(color: string): string | null {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? hex.replace(/./g, (digit) => digit + digit) : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)).join(', ');
}

/** Bootstrap 5.3's page background in light and dark mode: what links and outline buttons stand on. */
export const BODY_BACKGROUND = { light: '#fff', dark: '#212529' } as const;

interface BrandColor {
  hex: string;
  rgb: string;
}

function brandColor(value: string | null, fallback: string): BrandColor {
  const rgb = value ? rgbTriplet(value) : null;
  if (value && rgb) return { hex: value.trim(), rgb };
  // The fallbacks are the spec's constants above, which always parse.
  return { hex: fallback, rgb: rgbTriplet(fallback)! };
}

/** A colour as Bootstrap's 'r, g, b' triplet (the readable colours computed here always parse). */
const rgbOf = (color: string) => rgbTriplet(color)!;

/**
 * The CSS custom properties that brand the page. Bootstrap 5.3 reads the -rgb forms for .bg-* and .text-*; plain
 * links and buttons are pointed at these in styles/theme.css. The brand colours are kept as they are; each text
 * or icon colour drawn on them, or drawn in them on the page, is picked to reach WCAG AA (4.5:1) against what it
 * stands on, in light and in dark mode.
 */
export function portalThemeVariables(portal: Portal): Record<string, string> {
  const portalColor = brandColor(portal.portalColor, DEFAULT_COLORS.portal);
  const primary = brandColor(portal.primaryColor, DEFAULT_COLORS.primary);
  const secondary = brandColor(portal.secondaryColor, DEFAULT_COLORS.secondary);
  const link = readableColorOn(primary.hex, BODY_BACKGROUND.light);
  const linkDark = readableColorOn(primary.hex, BODY_BACKGROUND.dark);
  return {
    '--portal-color': portalColor.hex,
    '--portal-text-color': readableTextOn(portalColor.hex),
    '--portal-on-primary': readableTextOn(primary.hex),
    '--portal-on-secondary': readableTextOn(secondary.hex),
    '--bs-primary': primary.hex,
    '--bs-primary-rgb': primary.rgb,
    '--bs-secondary': secondary.hex,
    '--bs-secondary-rgb': secondary.rgb,
    '--portal-link-color': link,
    '--portal-link-color-rgb': rgbOf(link),
    '--portal-link-color-dark': linkDark,
    '--portal-link-color-dark-rgb': rgbOf(linkDark),
  };
}
