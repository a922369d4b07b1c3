/**
 * Accredited-investor status (spec 02, sections 4, 5 and 9). The user's `accreditation` is an integer: 0 is none
 * (not stated, or not accredited), any other value is one of the thresholds below, and the threshold says the type.
 */

/** The kinds of investor the accreditation form asks about; 'none' is not accredited. */
export const ACCREDITATION_TYPES = ['individual', 'trust', 'business', 'none'] as const;
export type AccreditationType = (typeof ACCREDITATION_TYPES)[number];

/** The stored value of no accreditation. */
export const NO_ACCREDITATION = 0;

export interface AccreditationOption {
  /** What `accreditation` stores; never reuse or renumber one (stored values keep their meaning). */
  value: number;
  type: Exclude<AccreditationType, 'none'>;
  label: string;
}

/** The thresholds the spec offers (section 9), in its words, each under the investor type it applies to. */
export const ACCREDITATION_OPTIONS: readonly AccreditationOption[] = [
  { value: 1, type: 'individual', label: 'Income of $200k (or $300k jointly) for 2 years' },
  { value: 2, type: 'individual', label: 'Net assets of $1-2.1M' },
  { value: 3, type: 'individual', label: 'Net assets of $2.1-5M' },
  { value: 4, type: 'individual', label: 'Net assets over $5M' },
  { value: 5, type: 'individual', label: 'Participation in three offerings as an expert' },
  { value: 6, type: 'trust', label: 'Trust assets of $5-25M' },
  { value: 7, type: 'trust', label: 'Trust assets over $25M' },
  { value: 8, type: 'business', label: 'Firm assets of $5-25M' },
  { value: 9, type: 'business', label: 'Firm assets over $25M' },
  { value: 10, type: 'business', label: 'All owners accredited' },
  { value: 11, type: 'business', label: 'All owners qualified purchasers' },
];

/** Whether `value` may be stored as an accreditation: none or one of the thresholds. */
export function isAccreditation(value: unknown): value is number {
  return value === NO_ACCREDITATION || ACCREDITATION_OPTIONS.some((option) => option.value === value);
}

/** The threshold a stored value names; undefined for none or an unknown value. */
export function accreditationOption(value: number | null | undefined): AccreditationOption | undefined {
  return ACCREDITATION_OPTIONS.find((option) => option.value === value);
}

/** The thresholds offered for an investor type (none for 'none'). */
export function accreditationOptionsOf(type: AccreditationType): AccreditationOption[] {
  return ACCREDITATION_OPTIONS.filter((option) => option.type === type);
}

/** The names an accreditation is stated in. */
export interface AccreditationNames {
  firstName?: string | null;
  lastName?: string | null;
  trustName?: string | null;
  busEntityName?: string | null;
}

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/**
 * What still stops an accreditation from being saved (spec 02, section 5), or null: a threshold other than none,
 * and the name that goes with its type (individual: first and last name; trust: trustName; business: busEntityName).
 */
export function accreditationProblem(value: number | null | undefined, names: AccreditationNames): string | null {
  const option = accreditationOption(value);
  if (!option) return 'Choose an accreditation option';
  if (option.type === 'individual' && !(filled(names.firstName) && filled(names.lastName)))
    return 'First and last name are required';
  if (option.type === 'trust' && !filled(names.trustName)) return 'Trust name is required';
  if (option.type === 'business' && !filled(names.busEntityName)) return 'Business entity name is required';
  return null;
}

/** How long a stated accreditation holds before the investor is asked to confirm it again. */
export const ACCREDITATION_VALID_YEARS = 1;

/**
 * Whether the investor must state their accreditation (again): none is stated, it carries no date, or it was stated
 * more than a year before `now` (the platforms investors use today ask yearly; the spec's system did not).
 */
export function accreditationDue(
  me: { accreditation?: number | null; accreditationDate?: string | null },
  now: Date,
): boolean {
  if (!me.accreditation || !me.accreditationDate) return true;
  const expires = new Date(me.accreditationDate);
  if (Number.isNaN(expires.getTime())) return true;
  expires.setUTCFullYear(expires.getUTCFullYear() + ACCREDITATION_VALID_YEARS);
  return expires.getTime() < now.getTime();
}
