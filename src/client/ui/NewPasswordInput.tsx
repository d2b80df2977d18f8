import { List, PasswordInput, type PasswordInputProps, Text } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { passwordChecks } from '../../shared/password-rule';
import { useRegisteredField } from './text-fields';

type NewPasswordInputProps = Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  name: string;
  /** The account's e-mail, for the "not your e-mail" part of the rule. */
  email?: string;
};

/**
 * A new-password field of the surrounding form that lists the shared password rule under it and ticks each part as
 * the person types; the list is the field's description, so a screen reader reads it with the field.
 */
export function NewPasswordInput({ name, email, ...props }: NewPasswordInputProps) {
  const { control } = useFormContext();
  const value = useWatch({ control, name }) as string | undefined;
  const rulesId = useId();
  const checks = passwordChecks(value ?? '', email);
  return (
    <div>
      <PasswordInput {...props} {...useRegisteredField(name)} aria-describedby={rulesId} autoComplete="new-password" />
      <List id={rulesId} size="sm" mt={6} spacing={2} aria-live="polite">
        {checks.map((check) => (
          <List.Item
            key={check.id}
            icon={
              check.ok ? (
                <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
              ) : (
                <IconCircleDashed size={16} color="var(--mantine-color-gray-7)" aria-hidden />
              )
            }
          >
            {/* Mantine's green.9 reads 4.3:1 on white (axe: color-contrast); the theme's dark green reads above 4.5:1. */}
            <Text span size="sm" c={check.ok ? '#1e6b2f' : 'gray.8'}>
              {check.label}
              <span className="visually-hidden">{check.ok ? ' (atendido)' : ' (pendente)'}</span>
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
