import type { ReactNode } from 'react';
import { AccountNav } from './AccountNav.tsx';
// The form kit's styles load with the shell (at start-up, as when they were account.css's), ahead of the
// lazily loaded pages' styles that build on them.
import '../../../components/form/form.css';
import '../account.css';

/** The account area: its side navigation and the page. */
export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="td-account">
      <AccountNav />
      <section className="td-account-main">
        <h1>{title}</h1>
        {children}
      </section>
    </div>
  );
}
