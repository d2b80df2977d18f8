import { Button, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type NewButtonProps = Pick<ButtonProps, 'variant'> & { children: ReactNode } & ({ to: string } | { onClick(): void });

/** The "Novo …" button of a screen: a link to the form page (`to`), or one that opens the form dialog (`onClick`). */
export function NewButton({ children, variant, ...action }: NewButtonProps) {
  const plus = <IconPlus size={18} />;
  return 'to' in action ? (
    <Button component={Link} to={action.to} leftSection={plus} variant={variant}>
      {children}
    </Button>
  ) : (
    <Button leftSection={plus} variant={variant} onClick={action.onClick}>
      {children}
    </Button>
  );
}
