import bootstrap from './bootstrap';
import contentTypes from './content-types';
import controllers from './controllers';
import middlewares from './middlewares';
import policies from './policies';
import register from './register';
import routes from './routes';
import services from './services';

/**
 * The sponsor's desk: staff run a raise and a fund's money after it from the admin panel (docs/sponsor-desk.md,
 * docs/capital-accounts.md). Admin routes under /sponsor-desk, behind the panel's own sign-in; what each staff role
 * may do is a permission of the panel's roles: read (the board, its commitments, the investor directory, events and
 * their allocation), remind (investors who must still sign or fund), review (proof documents), draft (prepare a
 * capital call or distribution), post (post events, confirm funding, record valuations), countersign, export and
 * sessions (sign an investor out everywhere) and transfer (move a commitment to another investor). The super admin
 * holds them all; src/bootstrap gives content staff (editors, authors) read, remind, review and draft, and the Sponsor
 * Admin role all of them.
 *
 * Its one content type is the Desk Action (content-types/), the record of every change staff made on the desk.
 */
export default { register, bootstrap, contentTypes, routes, controllers, policies, middlewares, services };
