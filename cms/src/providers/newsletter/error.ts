/** The newsletter service refused or could not be reached (the site shows 'Error subscribing'). */
export class NewsletterError extends Error {
  name = 'NewsletterError';
}
