/** The portal an address subscribes to. */
export interface NewsletterPortal {
  id: number;
  documentId: string;
}

/** A newsletter list, picked by configuration. */
export interface NewsletterProvider {
  /** Puts a (trimmed, lower-cased) address on the portal's list; an address already there is a success. Throws NewsletterError when the list refuses. */
  subscribe(email: string, portal: NewsletterPortal): Promise<void>;
}
