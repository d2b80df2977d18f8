import type { ReactNode } from 'react';
import classes from './LoginPage.module.css';

/**
 * The card on the wine background that everyone signed out sees: the brand, a title, a subtitle. Plain markup, no
 * Mantine: the login screen is in the first download (docs/decisions/0012).
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
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
