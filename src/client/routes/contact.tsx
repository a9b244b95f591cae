import type { LoaderFunctionArgs } from 'react-router';
import { splitLanguage } from '../../shared/paths.ts';
import { ContactPage } from '../pages/ContactPage.tsx';
import { headOf } from '../lib/page-head.ts';
import { pageHead, pageTexts } from '../lib/page-head.server.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const { lang } = splitLanguage(new URL(request.url).pathname);
  return { head: pageHead(request, { ...pageTexts(lang, 'contact'), canonical: '/contact' }) };
}

export const meta = headOf;

export default function ContactRoute() {
  return <ContactPage />;
}
