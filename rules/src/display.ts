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

/** Relative luminosity (0 black to 1 white) of a #rgb or #rrggbb colour; NaN when unreadable. */
export function luminosity(color: string): number {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return Number.NaN;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text colour readable on a background: black when its luminosity exceeds 0.4, else white. */
export function textColorOn(background: string): '#000' | '#fff' {
  return luminosity(background) > 0.4 ? '#000' : '#fff';
}
