import type { ReactNode } from 'react';
import { AccountNav } from './AccountNav.tsx';
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
