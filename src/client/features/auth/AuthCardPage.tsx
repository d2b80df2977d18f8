import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from './LoginPage.module.css';

/** The look of the login screen (the card on the wine background) for the other screens of someone signed out. */
export function AuthCardPage({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(`${title} · Adega`);
  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <div className={classes.brand}>
          <img src="/favicon.svg" width={44} height={44} alt="" />
          <span className={classes.brandName}>Adega</span>
        </div>
        <h1 className={classes.title}>{title}</h1>
        {subtitle && <p className={classes.subtitle}>{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}
