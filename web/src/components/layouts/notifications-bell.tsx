import { BellIcon } from '@/components/ui/icons';
import { HeaderIconButton } from './header-icon-button';

/** The notifications bell of the header; the notifications feature gives it the unread count and the toasts. */
export function NotificationsBell() {
  return (
    <HeaderIconButton label="Notifications">
      <BellIcon />
    </HeaderIconButton>
  );
}
