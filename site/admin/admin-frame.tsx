/**
 * The back office's frame, the whole width of the screen: a skip link, a bar with its navigation,
 * who is signed in and a way to sign out, then the page. None of the public site's shell: the
 * root layout draws no frame (app/(site)/layout.tsx gives public pages theirs), and a page
 * renders this one only after `requireStaff` let the viewer in, so a visitor's 404 carries none
 * of it.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { SignOutButton } from '@/site/auth/sign-out-button';
import { siteConfig } from '@/site/config/site-config';
import type { StaffUser } from '@/site/server/admin/staff-guard';
import styles from './admin.module.css';

const sections = [
  { href: '/admin/leads', label: 'Leads' },
  { href: '/admin/flows', label: 'Questionnaires' },
  { href: '/admin/flows#option-lists', label: 'Option lists' },
  { href: '/admin/experiments', label: 'A/B tests' },
];

export function AdminFrame(props: { staff: StaffUser; current: string; children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.bar}>
        <Link className={styles.brand} href="/admin" prefetch={false}>
          {siteConfig.brandName} back office
        </Link>
        <nav className={styles.nav} aria-label="Back office">
          <ul>
            {sections.map((section) => (
              <li key={section.href}>
                <a
                  href={section.href}
                  aria-current={props.current === section.href ? 'page' : undefined}
                >
                  {section.label}
                </a>
              </li>
            ))}
            <li>
              <Link href="/" prefetch={false}>
                Public site
              </Link>
            </li>
          </ul>
        </nav>
        <div className={styles.who}>
          <span>
            Signed in as <strong>{props.staff.email}</strong> ({props.staff.role})
          </span>
          <SignOutButton />
        </div>
      </header>
      <main id="main" className={styles.admin}>
        {props.children}
      </main>
    </div>
  );
}

/** A hidden field with the session's cross-site token, for every staff action form. */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
