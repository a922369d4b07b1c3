import fs from 'node:fs';
import path from 'node:path';
import type { UID } from '@strapi/strapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECORD_RULES } from '../src/utils/record-rules';
import { useStrapi, type TestApp } from './helpers/strapi';

/**
 * The record rules' table (src/utils/record-rules.ts) against the schemas it rules and the page that states it
 * (docs/record-rules.md): a field added to a commitment, a fund, a document or an account without a rule fails here,
 * and so does a rule the docs do not state.
 */
let app: TestApp;
beforeAll(async () => {
  app = await useStrapi();
});

/** What Strapi adds to every type; the panel's form does not send them as fields staff edit. */
const SYSTEM = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
]);

/** The types whose records carry money, identity, signatures or files: each must have its rule. */
const MUST_BE_RULED = [
  'api::synd-user.synd-user',
  'api::fund.fund',
  'api::investment.investment',
  'api::company.company',
  'plugin::users-permissions.user',
  'api::tax-document.tax-document',
  'api::news-document.news-document',
  'api::synd-document.synd-document',
  'api::proof-document.proof-document',
  'api::synd-agreement.synd-agreement',
  'api::signing.signing',
  'api::ledger-entry.ledger-entry',
  'api::statement.statement',
  'api::valuation.valuation',
  'api::fund-event.fund-event',
  'api::fund-event.call-item',
  'api::tax-schedule.tax-schedule',
  'api::reminder.reminder',
  'plugin::sponsor-desk.desk-action',
  'api::file-download.file-download',
  'api::commitment-transfer.commitment-transfer',
];

describe('the record rules table', () => {
  it('rules every type that carries money, identity, signatures or files', () => {
    expect(MUST_BE_RULED.filter((uid) => !RECORD_RULES[uid])).toEqual([]);
  });

  it('gives every field of a type it does not seal exactly one rule, and names no field the schema lacks', () => {
    for (const [uid, rule] of Object.entries(RECORD_RULES)) {
      const attributes = Object.keys(app.strapi.getModel(uid as UID.Schema).attributes).filter(
        (name) => !SYSTEM.has(name),
      );
      if (rule.sealed) continue;
      expect({ uid, fields: Object.keys(rule.fields ?? {}).sort() }).toEqual({ uid, fields: attributes.sort() });
    }
  });

  it('is stated in docs/record-rules.md: every type, and every field that staff may not simply edit', () => {
    const page = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'record-rules.md'), 'utf8');
    for (const [uid, rule] of Object.entries(RECORD_RULES)) {
      expect(page).toContain(`\`${uid}\``);
      for (const [field, kind] of Object.entries(rule.fields ?? {}))
        if (kind !== 'staff')
          expect({ uid, field, stated: page.includes(`\`${field}\``) }).toEqual({ uid, field, stated: true });
      if (rule.sealed) expect(page).toContain(rule.sealed.refusal);
    }
  });
});
