import type { Me } from '@portal/rules';

// The profile form's country list is not built yet; either way of naming the US counts.
const US = new Set(['US', 'United States']);

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/**
 * Whether the account settings still miss what the profile form asks for (spec 02, section 7: phone, address,
 * city, country, postal code, and the state for the US): a phone (home or mobile), the first address line, city,
 * country and postal code, and the state when the country is the US.
 */
export function isProfileIncomplete(me: Me): boolean {
  if (!filled(me.homePhone) && !filled(me.mobilePhone)) return true;
  if (![me.address1, me.city, me.country, me.postalCode].every(filled)) return true;
  return US.has(me.country ?? '') && !filled(me.state);
}

/** Whether the user has still to state their accreditation (0 or missing is none). */
export function needsAccreditation(me: Me): boolean {
  return !me.accreditation;
}
