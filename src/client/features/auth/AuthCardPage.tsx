import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from './AuthCard';
import classes from './LoginPage.module.css';

/** The look of the login screen (the card on the wine background) for the other screens of someone signed out. */
export function AuthCardPage({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(`${title} · Adega`);
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {children}
    </AuthCard>
  );
}

/** The way back from the password screens. */
export function BackToLogin() {
  return (
    <Text ta="center" size="sm">
      <Link to="/login" className={classes.link}>
        Voltar para o login
      </Link>
    </Text>
  );
}
