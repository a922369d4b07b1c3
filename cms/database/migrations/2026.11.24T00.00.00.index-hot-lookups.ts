import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * Indexes for every lookup on a request's path and every upkeep sweep (issue: day two). Strapi 5 makes no index for
 * `unique: true` in a schema, nor for a field a query filters on; relations are read through their link tables,
 * which Strapi indexes itself. Each index is created only where missing, so a database that has some already (made
 * by hand, or by a partly finished run) takes the rest.
 */
const INDEXES: IndexSpec[] = [
  // Every signed-in request: its session by the hash of its code; the upkeep: sessions past their expiry.
  { table: 'user_auths', name: 'user_auths_auth_code_uq', columns: ['auth_code'], unique: true },
  { table: 'user_auths', name: 'user_auths_expires_at_idx', columns: ['expires_at'] },
  // A guest code when used; the upkeep: used or expired codes.
  { table: 'guest_codes', name: 'guest_codes_code_uq', columns: ['code'], unique: true },
  { table: 'guest_codes', name: 'guest_codes_expires_at_idx', columns: ['expires_at'] },
  { table: 'guest_codes', name: 'guest_codes_used_at_idx', columns: ['used_at'] },
  // Sign-in, registration and reset match an account by email or username whatever their case (LOWER(...) = LOWER(?)).
  { table: 'up_users', name: 'up_users_lower_email_idx', columns: ['lower(email)'] },
  { table: 'up_users', name: 'up_users_lower_username_idx', columns: ['lower(username)'] },
  { table: 'up_users', name: 'up_users_confirm_email_code_idx', columns: ['confirm_email_code'] },
  { table: 'up_users', name: 'up_users_reset_password_code_idx', columns: ['reset_password_code'] },
  // A portal's staff (notices go to its admins and superadmins): few rows of this level among the investors.
  { table: 'up_users', name: 'up_users_level_idx', columns: ['level'] },
  // A signer's link, by the hash of its token; the countersigning list, by role and signature.
  { table: 'signings', name: 'signings_token_hash_idx', columns: ['token_hash'] },
  { table: 'signings', name: 'signings_role_signed_at_idx', columns: ['role', 'signed_at'] },
  // Dropbox Sign's events name the signature request.
  {
    table: 'synd_users',
    name: 'synd_users_dropbox_request_idx',
    columns: ['synd_agreement_dropbox_signature_request_id'],
  },
  // Rate limits count one key's hits in a window (the name the rate-limit store gave it when it made it itself); the
  // upkeep deletes hits older than every window.
  { table: 'rate_limit_hits', name: 'rate_limit_hits_key_at', columns: ['limit_key', 'at'] },
  { table: 'rate_limit_hits', name: 'rate_limit_hits_at_idx', columns: ['at'] },
  { table: 'leases', name: 'leases_expires_at_idx', columns: ['expires_at'] },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
