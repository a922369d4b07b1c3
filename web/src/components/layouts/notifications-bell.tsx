import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { useNotify } from '@/components/toasts/toasts';
import { BellIcon } from '@/components/ui/icons';
import { badgeText, useUnreadNotifications } from '@/lib/notifications';

/**
 * The header's notifications bell (signed-in users only): a badge counts the unread notifications; a click shows
 * each as a toast in its template's colour and marks them all read.
 */
export function NotificationsBell() {
  const { unread, markAllRead } = useUnreadNotifications();
  const notify = useNotify();
  const badgeId = useId();
  const badge = badgeText(unread.length);

  const showAll = () => {
    // Each for the default 5000 ms; the toast picks the readable text colour (textColorOn) for the background.
    for (const { subject, template } of unread) {
      notify(subject ?? template?.name ?? 'New notification', { background: template?.color ?? undefined });
    }
    markAllRead();
  };

  return (
    // Not a HeaderIconButton: the badge must describe the button, and that one takes no description.
    <Button
      variant="link"
      className="header-icon position-relative"
      aria-label="Notifications"
      title="Notifications"
      aria-describedby={badge ? badgeId : undefined}
      onClick={showAll}
    >
      <BellIcon />
      {badge && (
        <span id={badgeId} className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger">
          {badge}
          <span className="visually-hidden"> unread</span>
        </span>
      )}
    </Button>
  );
}
