import { useId, type MouseEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { useHref, useNavigate } from 'react-router-dom';
import { useNotify } from '@/components/toasts/toasts';
import { BellIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { badgeText, useUnreadNotifications } from '@/lib/notifications';

/**
 * The header's notifications bell (signed-in users only): a badge counts the unread notifications; a click shows
 * each as a toast in its template's colour and marks them all read. Each toast's words link to where the
 * notification acts, or to the notifications page (beyond the spec, docs/notifications.md).
 */
export function NotificationsBell() {
  const { unread, markAllRead } = useUnreadNotifications();
  const notify = useNotify();
  const navigate = useNavigate();
  // The site's base path: the toasts are drawn outside the router, so their links are plain anchors it handles.
  const base = useHref('/').replace(/\/$/, '');
  const badgeId = useId();
  const badge = badgeText(unread.length);

  const showAll = () => {
    // Each for the default 5000 ms; the toast picks the readable text colour (textColorOn) for the background.
    for (const { subject, template, link } of unread) {
      const to = link ?? paths.notifications.path;
      const open = (event: MouseEvent) => {
        event.preventDefault();
        navigate(to);
      };
      notify(
        <a href={`${base}${to}`} onClick={open} className="text-reset">
          {subject ?? template?.name ?? 'New notification'}
        </a>,
        { background: template?.color ?? undefined },
      );
    }
    markAllRead();
  };

  return (
    // Not a HeaderIconButton: the badge must describe the button, and that one takes no description. The badge sits
    // beside the button, over its corner, not inside it: the button's name is its label alone ('Notifications'), and
    // the count is its description ('9+ unread'), as a label that differs from the visible text is an error (axe).
    <span className="position-relative d-inline-block">
      <Button
        variant="link"
        className="header-icon"
        aria-label="Notifications"
        title="Notifications"
        aria-describedby={badge ? badgeId : undefined}
        onClick={showAll}
      >
        <BellIcon />
      </Button>
      {badge && (
        <span
          id={badgeId}
          className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger pe-none"
        >
          {badge}
          <span className="visually-hidden"> unread</span>
        </span>
      )}
    </span>
  );
}
