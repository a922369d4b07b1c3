import { accreditationDue, isUnitedStates, type Me } from '@portal/rules';

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/**
 * Whether the account settings still miss what the profile form asks for (spec 02, section 7: phone, address,
 * city, country, postal code, and the state for the US): a phone (home or mobile), the first address line, city,
 * country and postal code, and the state when the country is the US.
 */
export function isProfileIncomplete(me: Me): boolean {
  if (!filled(me.homePhone) && !filled(me.mobilePhone)) return true;
  if (![me.address1, me.city, me.country, me.postalCode].every(filled)) return true;
  return isUnitedStates(me.country) && !filled(me.state);
}

/** Whether the user has to state their accreditation: none stated, or stated more than a year before `now`. */
export function needsAccreditation(me: Me, now = new Date()): boolean {
  return accreditationDue(me, now);
}
