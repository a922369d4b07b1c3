/** A %tag% placeholder: a name of letters, digits, '_', '-' or '.' between percent signs ("50% off" is not one). */
const PLACEHOLDER = /%([A-Za-z0-9_.-]+)%/g;

/**
 * What a notification's subject reads: its template's subject with each %tag% replaced by the notification's
 * tags[tag] (a placeholder with no such tag stays as written), else the notification's own messageSubject.
 */
export function notificationSubject(
  templateSubject: string | null | undefined,
  tags: unknown,
  messageSubject: string | null | undefined,
): string | null {
  if (!templateSubject) return messageSubject ?? null;
  const values = tags && typeof tags === 'object' && !Array.isArray(tags) ? (tags as Record<string, unknown>) : {};
  return templateSubject.replace(PLACEHOLDER, (placeholder, tag: string) => {
    // Only plain values fill a placeholder, so inherited names (%constructor%) stay as written too.
    const value = values[tag];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : placeholder;
  });
}
