import inTheirPortals from './in-their-portals';
import recorded from './recorded';
import withoutNul from './without-nul';

/** Route middlewares of every desk route, in this order (routes/admin.ts): record, refuse NUL bytes, hold to portals. */
export default { recorded, 'without-nul': withoutNul, 'in-their-portals': inTheirPortals };
