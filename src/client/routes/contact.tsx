import type { MetaArgs } from 'react-router';
import { ContactPage } from '../pages/ContactPage.tsx';
import { commonString, rootDataOf } from '../lib/root-data.ts';
import { pageMeta } from '../lib/seo.ts';

export function meta({ matches, location }: MetaArgs) {
  const root = rootDataOf(matches);
  return pageMeta({ title: commonString(root, 'pages.contact.title'), description: commonString(root, 'pages.contact.description'), pathname: location.pathname, canonical: '/contact', origin: root.origin, ogLocale: root.ogLocale, ogImage: root.ogImage });
}

export default function ContactRoute() {
  return <ContactPage />;
}
