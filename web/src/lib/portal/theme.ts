import { textColorOn } from '@portal/rules';
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

/**
 * The CSS custom properties that brand the page. Bootstrap 5.3 reads the -rgb forms for .bg-* and .text-*
 * and links; styles/theme.css maps its compiled button colours onto the plain ones.
 */
export function portalThemeVariables(portal: Portal): Record<string, string> {
  const portalColor = brandColor(portal.portalColor, DEFAULT_COLORS.portal);
  const primary = brandColor(portal.primaryColor, DEFAULT_COLORS.primary);
  const secondary = brandColor(portal.secondaryColor, DEFAULT_COLORS.secondary);
  return {
    '--portal-color': portalColor.hex,
    '--portal-text-color': textColorOn(portalColor.hex),
    '--portal-on-primary': textColorOn(primary.hex),
    '--portal-on-secondary': textColorOn(secondary.hex),
    '--bs-primary': primary.hex,
    '--bs-primary-rgb': primary.rgb,
    '--bs-secondary': secondary.hex,
    '--bs-secondary-rgb': secondary.rgb,
    '--bs-link-color': primary.hex,
    '--bs-link-color-rgb': primary.rgb,
    '--bs-link-hover-color': primary.hex,
    '--bs-link-hover-color-rgb': primary.rgb,
  };
}
