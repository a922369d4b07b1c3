import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/session-context';
import { formatDateTime } from '@/lib/format';
import { markNotificationsRead, readTimeOf } from '@/lib/notifications';
import { NOTIFICATIONS_PAGE_SIZE, useNotificationsPage } from '../api/notifications';

/**
 * /notifications (beyond the spec, docs/notifications.md): every notification of the signed-in user, newest first,
 * twenty to a page; those that arrived since the last read marked New; each that asks something links to where it
 * acts. Opening it marks them all read, as the bell does, on this device and the others.
 */
export function NotificationsPage() {
  const { me, isGuestSession, profileSettings } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const { data } = useNotificationsPage(page);
  // The read time as it was when the page opened: what is new stays marked New while the visitor reads the pages.
  const [readAt] = useState(() => readTimeOf(me?.profileSettings.notificationsReadAt));
  const loaded = Boolean(data);
  useEffect(() => {
    if (loaded) markNotificationsRead(isGuestSession);
  }, [loaded, isGuestSession]);

  const pageCount = data ? Math.max(1, Math.ceil(data.total / NOTIFICATIONS_PAGE_SIZE)) : 1;
  const isNew = (createdAt: string) => !readAt || Date.parse(createdAt) > Date.parse(readAt);

  return (
    <ContentLayout title="Notifications">
      {!data ? (
        <Spinner />
      ) : data.items.length === 0 ? (
        <p>{page > 1 ? 'No notifications on this page' : 'No notifications yet'}</p>
      ) : (
        <>
          <ul className="list-group notifications-list" aria-label="Notifications">
            {data.items.map(({ id, subject, createdAt, template, link }) => {
              const title = subject ?? template?.name ?? 'Notification';
              return (
                <li key={id} className="list-group-item d-flex align-items-start gap-3">
                  <span
                    className="notification-swatch rounded-circle flex-shrink-0 mt-1"
                    style={{ backgroundColor: template?.color ?? 'var(--bs-secondary-bg)' }}
                    aria-hidden="true"
                  />
                  <div className="flex-grow-1 min-w-0">
                    {link ? <Link to={link}>{title}</Link> : <span>{title}</span>}
                    <div className="small text-body-secondary">
                      <time dateTime={createdAt}>{formatDateTime(createdAt, profileSettings.timezone)}</time>
                    </div>
                  </div>
                  {/* A neutral badge: the template's colour (the swatch) may not carry text readably. */}
                  {isNew(createdAt) && <span className="badge rounded-pill text-bg-primary">New</span>}
                </li>
              );
            })}
          </ul>
          {pageCount > 1 && (
            <Pager
              page={Math.min(page, pageCount)}
              pageCount={pageCount}
              onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
              label="Notifications pages"
            />
          )}
        </>
      )}
    </ContentLayout>
  );
}
