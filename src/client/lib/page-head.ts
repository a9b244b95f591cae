/** A route's `meta`: the head tags its loader built when the page was prerendered (lib/page-head.server.ts). */
import type { MetaDescriptor } from 'react-router';

export function headOf({ loaderData }: { loaderData?: unknown }): MetaDescriptor[] {
  return (loaderData as { head?: MetaDescriptor[] } | null | undefined)?.head ?? [];
}
