import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '../lib/paths.ts';

/**
 * /vendor/:vendorId, the target of Home's Recent Activity links (spec §2, content not shown): the
 * vendor's public profile is the page about a vendor, so this address redirects there (replacing
 * the history entry, so Back does not bounce).
 */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(paths.publicVendor.to(params.vendorId ?? ''));
}

export function Component() {
  return null;
}
