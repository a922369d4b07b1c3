import type { SeedRecord } from '../engine';
import { adminUsers } from './admins';
import { ASSETS } from './assets';
import { CONTENTS } from './contents';
import { EDUCATION } from './education';
import { NOTIFICATIONS, NOTIFICATION_TEMPLATES } from './notifications';
import { companies, funds, investments } from './offerings';
import { users, syndUsers } from './people';
import { PORTALS } from './portals';
import { SETTINGS } from './settings';
import { TEAM_MEMBERS } from './team';

export interface PlanOptions {
  /** The password of every demo account (site and admin panel). */
  password: string;
  /** Fund dates are set relative to this moment, so each fund has its intended status now. */
  now: Date;
}

/**
 * Everything the demo needs, in write order (a record only refers to records before it). Building the plan checks
 * the intended fund statuses and investor states, so nothing is written when the data have drifted.
 */
export function seedPlan({ password, now }: PlanOptions): SeedRecord[] {
  return [
    ...PORTALS,
    ...SETTINGS,
    ...NOTIFICATION_TEMPLATES,
    ...CONTENTS,
    ...TEAM_MEMBERS,
    ...EDUCATION,
    ...companies(),
    ...funds(now),
    ...investments(),
    ...ASSETS,
    ...users(password),
    ...syndUsers(now),
    ...NOTIFICATIONS,
    ...adminUsers(password),
  ];
}
