import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MIN_PASSWORD, type Me } from '@portal/rules';
import type { GoogleIdentity } from '../../../providers/google';
import { hashCode, randomCode } from '../../../utils/codes';
import { productFlow } from '../../../utils/product-flow';
import { serviceAccessor } from '../../../utils/service';
import { isEmail } from '../../../utils/validation';
import type { PortalRow } from '../../portal/services/portal';
import { settingsOf } from '../../setting/services/setting';
import { sessions } from '../../session/services/session';
import { toMe } from '../me';
import { findUser, findUsersByName, type AccountUser } from '../users';
import { USER, USER_ROLE } from '../../../utils/uids';
import { accountMail, RESET_CODE_TTL_MS } from './account-mail';

export interface Registration {
  email: string;
  username?: string;
  password: string;
  firstName: string;
  lastName: string;
}

interface UserService {
  add(values: Record<string, unknown>): Promise<{ id: number }>;
  edit(id: number, values: Record<string, unknown>): Promise<unknown>;
}

const accountService = ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.plugin('users-permissions').service('user') as UserService;

  async function authenticatedRoleId(): Promise<number> {
    const role = await strapi.db.query(USER_ROLE).findOne({ where: { type: 'authenticated' } });
    // The plugin creates this role on first boot; without it the installation itself is broken (a 500).
    if (!role) throw new Error('The users-permissions authenticated role is missing');
    return role.id;
  }

  /** Field messages for a registration, all at once; empty when it may go ahead. */
  async function registrationProblems(input: Registration, username: string): Promise<Record<string, string>> {
    const fields: Record<string, string> = {};
    const email = input.email.trim().toLowerCase();
    if (!isEmail(email)) fields.email = 'Enter a valid email address';
    if (!input.firstName.trim()) fields.firstName = 'First name is required';
    if (!input.lastName.trim()) fields.lastName = 'Last name is required';
    if (input.password.length < MIN_PASSWORD) fields.password = `Password must be at least ${MIN_PASSWORD} characters`;
    if (input.username?.trim() && username.length < 3) fields.username = 'Username must be at least 3 characters';
    const taken = await strapi.db.query(USER).findMany({
      where: { $or: [{ email: { $eqi: email } }, { username: { $eqi: username } }] },
      select: ['email', 'username'],
    });
    const sameName = (value: unknown, wanted: string) =>
      typeof value === 'string' && value.toLowerCase() === wanted.toLowerCase();
    if (!fields.email && taken.some((user: AccountUser) => sameName(user.email, email)))
      fields.email = 'This email is already registered';
    if (taken.some((user: AccountUser) => sameName(user.username, username))) {
      // The site sends the email as the username: a taken one is the same news as a taken email.
      if (sameName(username, email)) fields.email ??= 'This email is already registered';
      else fields.username = 'This username is already taken';
    }
    return fields;
  }

  return {
    /** Creates an inactive account of `portal` and mails its confirmation link; it can sign in once confirmed. */
    async register(input: Registration, portal: PortalRow, site: string): Promise<Me> {
      if (await settingsOf(strapi).isOn('registrationDisabled'))
        throw new errors.ForbiddenError('Registration is disabled');
      const email = input.email.trim().toLowerCase();
      const username = input.username?.trim() || email;
      const fields = await registrationProblems(input, username);
      if (Object.keys(fields).length)
        throw new errors.ValidationError('Please correct the highlighted fields', { fields });

      const code = randomCode();
      const role = await authenticatedRoleId();
      // Sign-up is the product's own flow: it sets the confirmation code, which no other caller writes (docs/record-rules.md).
      const created = await productFlow('sign-up', () =>
        users().add({
          username,
          email,
          password: input.password,
          provider: 'local',
          confirmed: false,
          blocked: false,
          isActive: false,
          level: 'user',
          role,
          portal: portal.id,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          confirmEmailCode: hashCode(code),
        }),
      );
      const user = await findUser(strapi, { id: created.id });
      if (!user) throw new errors.NotFoundError('User not found');
      try {
        await accountMail(strapi).sendConfirmation(user, code, site);
      } catch (error) {
        // An account whose confirmation mail never left could not be confirmed; let the person try again.
        await strapi.db.query(USER).delete({ where: { id: user.id } });
        throw error;
      }
      return toMe(user, false);
    },

    /** Activates the account whose confirmation link carried `code`. */
    async confirm(code: string): Promise<void> {
      const { count } = await strapi.db.query(USER).updateMany({
        where: { confirmEmailCode: hashCode(code) },
        data: { confirmEmailCode: null, isActive: true, confirmed: true },
      });
      if (!count) throw new errors.ValidationError('Invalid confirmation code');
    },

    /**
     * Mails a reset link when the name matches an account, and is silent otherwise. The mail is not awaited, so
     * the answer takes as long either way (no account discovery by timing); a failure is logged.
     */
    async requestReset(username: string, site: string): Promise<void> {
      const user = (await findUsersByName(strapi, username.trim())).find((candidate) => !candidate.blocked);
      if (!user) return;
      const code = randomCode();
      await strapi.db
        .query(USER)
        .update({ where: { id: user.id }, data: { resetPasswordCode: hashCode(code), resetPasswordAt: new Date() } });
      accountMail(strapi)
        .sendReset(user, code, site)
        .catch((error: unknown) => strapi.log.error(`Reset mail to ${user.email} failed: ${String(error)}`));
    },

    /** Sets a new password with a reset code (once, within the hour) and ends every session of that user. */
    async resetPassword(code: string, password: string): Promise<void> {
      const hash = hashCode(code);
      const user: AccountUser | null = await strapi.db.query(USER).findOne({
        where: { resetPasswordCode: hash, resetPasswordAt: { $gt: new Date(Date.now() - RESET_CODE_TTL_MS) } },
      });
      // Claiming the code in one conditional update makes it work once even when two requests race.
      const { count } = user
        ? await strapi.db.query(USER).updateMany({
            where: { id: user.id, resetPasswordCode: hash },
            data: { resetPasswordCode: null, resetPasswordAt: null },
          })
        : { count: 0 };
      if (!user || !count) throw new errors.ValidationError('Invalid or Expired Reset Code');
      await users().edit(user.id, { password });
      await sessions(strapi).endAllForUser(user.id);
    },

    /**
     * The account of a Google identity: the one with that email, activated if its confirmation was pending (Google
     * has verified the address), else a new active account of `portal`; null when registration is disabled.
     */
    async googleAccount(identity: GoogleIdentity, portal: PortalRow): Promise<AccountUser | null> {
      const matches = await findUsersByName(strapi, identity.email);
      const user = matches.find((candidate) => candidate.email.toLowerCase() === identity.email);
      if (user) {
        if (user.isActive || !user.confirmEmailCode) return user;
        await strapi.db
          .query(USER)
          .update({ where: { id: user.id }, data: { isActive: true, confirmed: true, confirmEmailCode: null } });
        return { ...user, isActive: true };
      }
      if (await settingsOf(strapi).isOn('registrationDisabled'))
        throw new errors.ForbiddenError('Registration is disabled');
      // Someone's username may already be this email; then the new account gets a distinct one.
      const username = matches.length ? `${identity.email}-${randomCode().slice(0, 6)}` : identity.email;
      const created = await users().add({
        username,
        email: identity.email,
        password: randomCode(),
        provider: 'google',
        confirmed: true,
        blocked: false,
        isActive: true,
        level: 'user',
        role: await authenticatedRoleId(),
        portal: portal.id,
        firstName: identity.givenName ?? '',
        lastName: identity.familyName ?? '',
      });
      return findUser(strapi, { id: created.id });
    },
  };
};

export type AccountService = ReturnType<typeof accountService>;

/** The account service, typed. */
export const accounts = serviceAccessor<AccountService>('api::account.account');

export default accountService;
