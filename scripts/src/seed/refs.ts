import { COMPANY, FUND, INVESTMENT, NOTIFICATION_TEMPLATE, PORTAL, USER, USER_ROLE } from '../lib/uids';
import { ref, type Ref } from './engine';

// Relations as the seed data write them: the related record's natural key.

export const portalRef = (slug: string): Ref => ref(PORTAL, { slug });
export const companyRef = (name: string, portal: string): Ref => ref(COMPANY, { name, portal: portalRef(portal) });
export const fundRef = (urlSlug: string): Ref => ref(FUND, { url_slug: urlSlug });
export const investmentRef = (urlSlug: string): Ref => ref(INVESTMENT, { url_slug: urlSlug });
export const userRef = (email: string): Ref => ref(USER, { email });
export const templateRef = (name: string): Ref => ref(NOTIFICATION_TEMPLATE, { name });
/** Every seeded site account gets the plugin's 'authenticated' role; our own `level` says what it may do. */
export const authenticatedRole = (): Ref => ref(USER_ROLE, { type: 'authenticated' });
