import type { MouseEvent } from 'react';
import { useSession } from '@/lib/auth/session-context';
import { useSignInDialog } from '@/lib/auth/sign-in-dialog-context';

/**
 * The address content staff give a link that opens the registration dialog, in the admin panel or in place:
 * `<a href="#sign-up">Sign up</a>`. A link, so it reads, focuses and works from the keyboard like any other.
 */
export const SIGN_UP_HREF = '#sign-up';
const SIGN_UP_LINK = `a[href="${SIGN_UP_HREF}"]`;

/** The HTML with every sign-up link replaced by its own text. */
function withoutSignUpLinks(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const links = document.body.querySelectorAll(SIGN_UP_LINK);
  if (!links.length) return html;
  for (const link of links) link.replaceWith(...link.childNodes);
  return document.body.innerHTML;
}

/**
 * Sign-up links in content: `onClick` (on an element around the HTML) opens the dialog in registration mode.
 * When registration is disabled, `body` turns them into plain text, as the header hides its Sign Up button: a link
 * that opened sign-in instead would promise what the portal does not offer.
 */
export function useSignUpLinks() {
  const { settings } = useSession();
  const signInDialog = useSignInDialog();
  return {
    body: (html: string | null | undefined) =>
      html && settings.registrationDisabled ? withoutSignUpLinks(html) : html,
    onClick: (event: MouseEvent) => {
      if (settings.registrationDisabled || !(event.target instanceof Element) || !event.target.closest(SIGN_UP_LINK))
        return;
      event.preventDefault();
      signInDialog.open('registration');
    },
  };
}
