import type { Core } from '@strapi/strapi';

/**
 * The app's own custom fields (the admin panel registers their inputs in src/admin/app.tsx under the same names):
 * - global::html: HTML edited with Quill, the editor the site edits text with in place, so both write the same
 *   HTML. Stored as richtext, so the sanitiser (sanitize-rich-text.ts) treats it like any rich text.
 * - global::host-list: a portal's domains, edited one host per row; stored as a JSON array of host strings, the
 *   shape every API answer and the site read.
 */
export function registerCustomFields(strapi: Core.Strapi): void {
  strapi.customFields.register([
    { name: 'html', type: 'richtext' },
    { name: 'host-list', type: 'json' },
  ]);
}
