/** Access levels, most powerful first. */
export const LEVELS = ['superadmin', 'admin', 'user', 'guest'] as const;
export type Level = (typeof LEVELS)[number];

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/** True when `level` is equal to or more powerful than `required`; with no level only guest applies. */
export function hasLevel(level: string | null | undefined, required: Level): boolean {
  const held = isLevel(level) ? LEVELS.indexOf(level) : LEVELS.indexOf('guest');
  return held <= LEVELS.indexOf(required);
}
