import type { SiteNotifyTemplate } from '@portal/rules';
import { api, getAuthCode } from './api-client';
import { readStoredSession } from './auth/session-storage';

/** The template-and-tags pairs already sent, per session (auth code): each is sent once per session. */
const sent = new Set<string>();

/**
 * Tells the CMS that the signed-in user did something staff follow (POST /api/profile/notify/save), once per session
 * for each template and tags. The reply is not used and a failure is only logged: a notice never blocks the page.
 */
export function notifyOf(templateName: SiteNotifyTemplate, tags: Record<string, string> = {}): void {
  const authCode = getAuthCode();
  // A superadmin looking through a guest session is not the investor: staff hear nothing (and the CMS would refuse).
  if (!authCode || readStoredSession().me?.isGuestSession) return;
  const key = JSON.stringify([authCode, templateName, Object.entries(tags).sort(([a], [b]) => a.localeCompare(b))]);
  if (sent.has(key)) return;
  sent.add(key);
  api.post('/api/profile/notify/save', { templateName, tags }).catch((error: unknown) => {
    // Not sent: allow a later try in this session.
    sent.delete(key);
    console.warn(`Notification ${templateName} not sent`, error);
  });
}
