export interface NamedFile {
  title?: string | null;
  originalName?: string | null;
}

/** A file's title as shown: the trimmed title, else the original file name. */
export function displayTitle(file: NamedFile): string {
  return file.title?.trim() || file.originalName || '';
}

export interface PersonName {
  username?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
}

/** First, middle and last name joined by single spaces. */
export function fullName(user: PersonName): string {
  return [user.firstName, user.middleName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** The full name, falling back to the username. */
export function displayName(user: PersonName): string {
  return fullName(user) || user.username || '';
}

/** The 0-255 red, green and blue of a #rgb or #rrggbb colour; null when unreadable. */
function rgb(color: string): number[] | null {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
}

/** Relative luminosity (0 black to 1 white) of a #rgb or #rrggbb colour; NaN when unreadable. */
export function luminosity(color: string): number {
  const channels = rgb(color);
  if (!channels) return Number.NaN;
  const [r, g, b] = channels.map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text colour on a notification's colour, as the spec says: black when its luminosity exceeds 0.4, else white. */
export function textColorOn(background: string): '#000' | '#fff' {
  return luminosity(background) > 0.4 ? '#000' : '#fff';
}

/** WCAG 2 contrast ratio of two #rgb or #rrggbb colours, from 1 (same) to 21 (black on white); NaN when unreadable. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminosity(a), luminosity(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG AA minimum contrast for body text, and for large text and icons. */
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_LARGE_CONTRAST = 3;

/**
 * Black or white, whichever contrasts more with the background; one of them always reaches 4.5:1. (textColorOn's
 * 0.4 threshold does not: white on #5BACA2, luminosity 0.34, is only 2.7:1.)
 */
export function readableTextOn(background: string): '#000' | '#fff' {
  return contrastRatio('#000', background) >= contrastRatio('#fff', background) ? '#000' : '#fff';
}

const toHex = (channel: number) => Math.round(channel).toString(16).padStart(2, '0');

/**
 * `color` itself when it reaches `minRatio` on the background, else the least mix of it with black or white
 * (whichever reads on the background; in steps of 5%) that does, as #rrggbb: the brand's hue stays, only lighter
 * or darker.
 * Unreadable colours come back unchanged.
 */
export function readableColorOn(color: string, background: string, minRatio: number = MIN_TEXT_CONTRAST): string {
  const from = rgb(color);
  if (!from || !rgb(background) || contrastRatio(color, background) >= minRatio) return color;
  const to = rgb(readableTextOn(background))!;
  let mixed = color;
  for (let step = 1; step <= 20; step += 1) {
    const share = step / 20;
    mixed = `#${from.map((channel, i) => toHex(channel + (to[i] - channel) * share)).join('')}`;
    if (contrastRatio(mixed, background) >= minRatio) break;
  }
  return mixed;
}
