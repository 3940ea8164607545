import type { Metadata } from 'next';
import type { ReactNode } from 'react';

// Staff pages: rendered for each request, never prerendered or cached, never indexed.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function AdminLayout({ children }: { children: ReactNode }) {
  return children;
}
