// The site's routes are listed once, in rules (the CMS links to them too).
export { SITE_PATHS as paths } from '@portal/rules';
