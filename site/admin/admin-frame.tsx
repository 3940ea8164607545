/**
 * The back office's frame: its navigation and who is signed in. A page renders it only after
 * `requireStaff` let the viewer in, so a visitor's 404 carries none of it.
 */
import type { ReactNode } from 'react';
import type { StaffUser } from '@/site/server/admin/staff-guard';
import styles from './admin.module.css';

const sections = [
  { href: '/admin/leads', label: 'Leads' },
  { href: '/admin/flows', label: 'Questionnaires' },
];

export function AdminFrame(props: { staff: StaffUser; current: string; children: ReactNode }) {
  return (
    <main id="main" className={styles.admin}>
      <nav className={styles.nav} aria-label="Back office">
        {sections.map((section) => (
          <a
            key={section.href}
            href={section.href}
            aria-current={props.current === section.href ? 'page' : undefined}
          >
            {section.label}
          </a>
        ))}
        <span className={styles.who}>
          Signed in as {props.staff.email} ({props.staff.role})
        </span>
      </nav>
      {props.children}
    </main>
  );
}

/** A hidden field with the session's cross-site token, for every staff action form. */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
