import type { UserSaved } from '@portal/rules';
import { api } from '@/lib/api-client';

/** What the accreditation form sends (spec 02, section 7): the names ('' for none) and the chosen option. */
export interface AccreditationValues {
  firstName: string;
  lastName: string;
  trustName: string;
  busEntityName: string;
  accreditation: number;
}

/** PUT /api/users/:id with the accreditation fields; the CMS records when it was stated. Throws ApiError when refused. */
export const saveAccreditation = (id: number, values: AccreditationValues) =>
  api.put<UserSaved>(`/api/users/${id}`, values);
