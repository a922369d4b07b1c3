import { Briefcase } from '@strapi/icons';
import type { StrapiApp } from '@strapi/strapi/admin';
import type { ComponentType } from 'react';

/** Strapi types a custom field's Input as taking no props, though it renders it with the field's (name, label, ...). */
const input = (load: () => Promise<{ default: ComponentType<never> }>) => async () => ({
  default: (await load()).default as ComponentType,
});

/** The admin panel's side of the app's custom fields (the server registers them in src/bootstrap/custom-fields.ts). */
export default {
  config: {},
  register(app: StrapiApp) {
    // The sponsor desk (docs/capital-accounts.md): for staff who hold its read permission; the server checks each call.
    app.addMenuLink({
      to: 'sponsor-desk',
      icon: Briefcase,
      intlLabel: { id: 'portal.sponsor-desk.label', defaultMessage: 'Sponsor desk' },
      Component: () => import('../plugins/sponsor-desk/admin/src/pages/sponsor-desk'),
      permissions: [{ action: 'plugin::sponsor-desk.read', subject: null }],
    });
    app.customFields.register([
      {
        name: 'html',
        type: 'richtext',
        intlLabel: { id: 'portal.html.label', defaultMessage: 'Rich text (HTML)' },
        intlDescription: { id: 'portal.html.description', defaultMessage: 'Formatted text, stored as sanitised HTML' },
        components: { Input: input(() => import('./components/html-input')) },
      },
      {
        name: 'host-list',
        type: 'json',
        intlLabel: { id: 'portal.host-list.label', defaultMessage: 'Host list' },
        intlDescription: { id: 'portal.host-list.description', defaultMessage: 'Host names, one per row' },
        components: { Input: input(() => import('./components/host-list-input')) },
      },
    ]);
  },
};
