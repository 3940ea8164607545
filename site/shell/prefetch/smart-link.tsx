'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, type ComponentProps } from 'react';
import { browserNetwork, createIntentPrefetcher } from './prefetch-rule';

type SmartLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch' | 'href'> & { href: string };

let sharedPrefetcher: ((href: string) => void) | undefined;

/**
 * The site's internal link. It never prefetches on page load (so a page makes no request
 * before the visitor interacts); it prefetches when the visitor shows intent — pointer over
 * the link, focus or touch — once per page, in an idle moment, and not at all when offline,
 * on 2g/slow-2g or with Save-Data.
 */
export function SmartLink({
  href,
  onPointerEnter,
  onFocus,
  onTouchStart,
  ...rest
}: SmartLinkProps) {
  const router = useRouter();
  const intent = useMemo(() => {
    sharedPrefetcher ??= createIntentPrefetcher({
      prefetch: (target) => router.prefetch(target),
      network: browserNetwork,
    });
    return sharedPrefetcher;
  }, [router]);
  const internal = href.startsWith('/') && !href.startsWith('//');

  return (
    <Link
      {...rest}
      href={href}
      prefetch={false}
      onPointerEnter={(event) => {
        if (internal) intent(href);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        if (internal) intent(href);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        if (internal) intent(href);
        onTouchStart?.(event);
      }}
    />
  );
}
