import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { googleProvider } from '../../../providers/google';
import { hashCode, randomCode } from '../../../utils/codes';
import { portalConfig } from '../../../utils/portal-config';
import { isEmail } from '../../../utils/validation';
import { portals, type PortalRow } from '../../portal/services/portal';
import { settingsOf } from '../../setting/services/setting';
import { toMe, type Me } from '../me';
import { canSignIn, findUser, findUsersByName, USER, type AccountUser } from '../users';
import { RESET_CODE_TTL_MS, type AuthMailService } from './auth-mail';
import { sessions } from './session';

/** The one answer to every failed sign-in, so it never tells whether an account exists. */
const SIGN_IN_FAILED = 'Invalid username or password';
const GOOGLE_FAILED = 'Invalid Google credential';
export const MIN_PASSWORD = 6;

export interface Registration {
  email: string;
  username?: string;
  password: string;
  firstName: string;
  lastName: string;
  portal?: string;
}

/** A new session: the user as the site sees it and the raw code for the authcode header. */
export interface SignedIn {
  me: Me;
  authCode: string;
}

interface UserService {
  add(values: Record<string, unknown>): Promise<{ id: number }>;
  edit(id: number, values: Record<string, unknown>): Promise<unknown>;
  validatePassword(password: string, hash: string): Promise<boolean>;
  ensureHashedPasswords(values: { password: string }): Promise<{ password: string }>;
}

const accountService = ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.plugin('users-permissions').service('user') as UserService;
  const mail = () => strapi.service('api::user-auth.auth-mail') as unknown as AuthMailService;
  let dummyHash: Promise<string> | undefined;

  /** Compares against a throw-away hash when no account matched, so both failures take as long. */
  async function passwordMatches(user: AccountUser | undefined, password: string): Promise<boolean> {
    if (user?.password) return users().validatePassword(password, user.password);
    dummyHash ??= users().ensureHashedPasswords({ password: randomCode() }).then((values) => values.password);
    await users().validatePassword(password, await dummyHash);
    return false;
  }

  /** The portal a body names; a named but unknown portal is an error of the caller's choosing. */
  async function portalNamed(slug: string | undefined, unknown: Error): Promise<PortalRow | null> {
    if (!slug) return null;
    const portal = await portals(strapi).findBySlugOrDefault(slug);
    if (!portal) throw unknown;
    return portal;
  }

  /** Whether a user may use this portal: users of another portal may not; users of none may use any. */
  const belongsTo = (user: AccountUser, portal: PortalRow | null) => !portal || !user.portal || user.portal.id === portal.id;

  async function signedIn(userId: number): Promise<SignedIn> {
    const authCode = await sessions(strapi).create(userId);
    const user = await findUser(strapi, { id: userId });
    if (!user) throw new errors.NotFoundError('User not found');
    return { me: toMe(user, false), authCode };
  }

  async function authenticatedRoleId(): Promise<number> {
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
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
    const sameName = (value: unknown, wanted: string) => typeof value === 'string' && value.toLowerCase() === wanted.toLowerCase();
    if (!fields.email && taken.some((user: AccountUser) => sameName(user.email, email))) fields.email = 'This email is already registered';
    if (taken.some((user: AccountUser) => sameName(user.username, username))) {
      // The site sends the email as the username: a taken one is the same news as a taken email.
      if (sameName(username, email)) fields.email ??= 'This email is already registered';
      else fields.username = 'This username is already taken';
    }
    return fields;
  }

  return {
    /** Signs in by username or email (any case) and password; every failure answers the same 401. */
    async signIn(username: string, password: string, portalSlug?: string): Promise<SignedIn> {
      const portal = await portalNamed(portalSlug, new errors.UnauthorizedError(SIGN_IN_FAILED));
      const candidates = username.trim() ? await findUsersByName(strapi, username.trim()) : [];
      let user: AccountUser | undefined;
      for (const candidate of candidates) {
        if (await passwordMatches(candidate, password)) {
          user = candidate;
          break;
        }
      }
      if (!candidates.length) await passwordMatches(undefined, password);
      if (!user || !canSignIn(user) || !belongsTo(user, portal)) throw new errors.UnauthorizedError(SIGN_IN_FAILED);
      return signedIn(user.id);
    },

    /** Creates an inactive account and mails its confirmation link; it can sign in once confirmed. */
    async register(input: Registration, site: string): Promise<Me> {
      if (await settingsOf(strapi).isOn('registrationDisabled')) throw new errors.ForbiddenError('Registration is disabled');
      const email = input.email.trim().toLowerCase();
      const username = input.username?.trim() || email;
      const fields = await registrationProblems(input, username);
      if (Object.keys(fields).length) throw new errors.ValidationError('Please correct the highlighted fields', { fields });
      const portal = await portalNamed(input.portal, new errors.ValidationError(`Unknown portal ${input.portal}`));

      const code = randomCode();
      const created = await users().add({
        username, email, password: input.password, provider: 'local', confirmed: false, blocked: false, isActive: false,
        level: 'user', role: await authenticatedRoleId(), portal: portal?.id ?? null,
        firstName: input.firstName.trim(), lastName: input.lastName.trim(), confirmEmailCode: hashCode(code),
      });
      const user = await findUser(strapi, { id: created.id });
      if (!user) throw new errors.NotFoundError('User not found');
      try {
        await mail().sendConfirmation(user, code, site);
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
      await strapi.db.query(USER).update({ where: { id: user.id }, data: { resetPasswordCode: hashCode(code), resetPasswordAt: new Date() } });
      mail().sendReset(user, code, site).catch((error: unknown) => strapi.log.error(`Reset mail to ${user.email} failed: ${String(error)}`));
    },

    /** Sets a new password with a reset code (once, within the hour) and ends every session of that user. */
    async resetPassword(code: string, password: string): Promise<void> {
      const hash = hashCode(code);
      const user: AccountUser | null = await strapi.db.query(USER).findOne({
        where: { resetPasswordCode: hash, resetPasswordAt: { $gt: new Date(Date.now() - RESET_CODE_TTL_MS) } },
      });
      // Claiming the code in one conditional update makes it work once even when two requests race.
      const { count } = user
        ? await strapi.db.query(USER).updateMany({ where: { id: user.id, resetPasswordCode: hash }, data: { resetPasswordCode: null, resetPasswordAt: null } })
        : { count: 0 };
      if (!user || !count) throw new errors.ValidationError('Invalid or Expired Reset Code');
      await users().edit(user.id, { password });
      await sessions(strapi).endAllForUser(user.id);
    },

    /** Signs in with a Google ID token, creating the account (active, confirmed) on first use. */
    async googleSignIn(credential: string, portalSlug?: string): Promise<SignedIn> {
      const settings = settingsOf(strapi);
      if (await settings.isOn('signInWithGoogleDisabled')) throw new errors.ForbiddenError('Sign in with Google is disabled');
      const failed = new errors.UnauthorizedError(GOOGLE_FAILED);
      const named = await portalNamed(portalSlug, failed);
      const candidates = named ? [named] : await portals(strapi).findAll();
      const audiences = candidates.map((portal) => portal.signInWithGoogleClientId).filter((id): id is string => Boolean(id));
      const identity = audiences.length
        ? await googleProvider(portalConfig(strapi).google).verify(credential, audiences).catch((error: unknown) => {
            strapi.log.warn(`Google sign-in could not be checked: ${error instanceof Error ? error.message : String(error)}`);
            return null;
          })
        : null;
      if (!identity) throw failed;
      const portal = named ?? candidates.find((candidate) => candidate.signInWithGoogleClientId === identity.audience) ?? null;

      const matches = await findUsersByName(strapi, identity.email);
      let user = matches.find((candidate) => candidate.email.toLowerCase() === identity.email);
      if (!user) {
        if (await settings.isOn('registrationDisabled')) throw new errors.ForbiddenError('Registration is disabled');
        // Someone's username may already be this email; then the new account gets a distinct one.
        const username = matches.length ? `${identity.email}-${randomCode().slice(0, 6)}` : identity.email;
        const created = await users().add({
          username, email: identity.email, password: randomCode(), provider: 'google', confirmed: true, blocked: false, isActive: true,
          level: 'user', role: await authenticatedRoleId(), portal: portal?.id ?? null,
          firstName: identity.givenName ?? '', lastName: identity.familyName ?? '',
        });
        user = (await findUser(strapi, { id: created.id })) ?? undefined;
      } else if (!user.isActive && user.confirmEmailCode) {
        // Google has verified the address, which is what the pending confirmation mail would have proved.
        await strapi.db.query(USER).update({ where: { id: user.id }, data: { isActive: true, confirmed: true, confirmEmailCode: null } });
        user = { ...user, isActive: true };
      }
      if (!user || !canSignIn(user) || !belongsTo(user, portal)) throw failed;
      return signedIn(user.id);
    },
  };
};

export type AccountService = ReturnType<typeof accountService>;

export default accountService;
