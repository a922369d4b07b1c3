import { api, getAuthCode } from './api-client';

/** The events the site reports to the portal's staff (spec 02, section 7: me.notifyOf). */
export type NotifyTemplate =
  | 'review_syndication'
  | 'review_syndication_document'
  | 'review_news_document'
  | 'proof_document_uploaded'
  | 'accreditation_status_updated';

/** The template-and-tags pairs already sent, per session (auth code): each is sent once per session. */
const sent = new Set<string>();

/**
 * Tells the CMS that the signed-in user did something staff follow (POST /api/profile/notify/save), once per session
 * for each template and tags. The reply is not used and a failure is only logged: a notice never blocks the page.
 */
export function notifyOf(templateName: NotifyTemplate, tags: Record<string, string> = {}): void {
  const authCode = getAuthCode();
  if (!authCode) return;
  const key = JSON.stringify([authCode, templateName, Object.entries(tags).sort(([a], [b]) => a.localeCompare(b))]);
  if (sent.has(key)) return;
  sent.add(key);
  api.post('/api/profile/notify/save', { templateName, tags }).catch((error: unknown) => {
    // Not sent: allow a later try in this session.
    sent.delete(key);
    console.warn(`Notification ${templateName} not sent`, error);
  });
}
