import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, MultiSelect, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ESTABLISHMENT_ROLES, ROLE_LABELS, ROLES, type Role } from '../../../shared/roles';
import { type User, userCreateSchema, userUpdateSchema } from '../../../shared/users';
import { errorMessage } from '../../lib/api';
import { setServerFieldErrors } from '../../lib/form-errors';
import { type EstablishmentOption, useSaveUser } from './users-api';

interface FormValues {
  email: string;
  password: string;
  role: Role;
  establishment_ids: string[];
}

interface Props {
  opened: boolean;
  user: User | null;
  establishments: EstablishmentOption[];
  onClose(): void;
  onSaved(message: string): void;
}

export function UserFormModal({ opened, user, establishments, onClose, onSaved }: Props) {
  const isEdit = Boolean(user);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveUser();
  const form = useForm<FormValues>({
    // The same zod schemas the API validates with.
    resolver: zodResolver((isEdit ? userUpdateSchema : userCreateSchema) as never),
    values: {
      email: user?.email ?? '',
      password: '',
      role: user?.role ?? 'restaurant_manager',
      establishment_ids: user?.establishment_ids ?? [],
    },
  });
  const role = form.watch('role');

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ id: user?.id, values });
      onSaved(isEdit ? 'Usuário atualizado.' : 'Usuário criado.');
    } catch (err) {
      setServerFieldErrors(err, form.setError);
      setError(errorMessage(err, 'Não foi possível salvar o usuário.'));
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={isEdit ? 'Editar usuário' : 'Novo usuário'} size="md" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="E-mail" type="email" withAsterisk {...form.register('email')} error={form.formState.errors.email?.message} />
          <PasswordInput
            label={isEdit ? 'Nova senha' : 'Senha'}
            description={isEdit ? 'Deixe em branco para manter a senha atual.' : 'Pelo menos 8 caracteres.'}
            withAsterisk={!isEdit}
            autoComplete="new-password"
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field, fieldState }) => (
              <Select
                label="Perfil"
                withAsterisk
                allowDeselect={false}
                data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                error={fieldState.error?.message}
              />
            )}
          />
          {ESTABLISHMENT_ROLES.includes(role) && (
            <Controller
              control={form.control}
              name="establishment_ids"
              render={({ field, fieldState }) => (
                <MultiSelect
                  label="Estabelecimentos"
                  description="Onde este usuário trabalha: ele só vê e altera os dados destes."
                  placeholder={establishments.length ? 'Escolha um ou mais' : 'Nenhum estabelecimento cadastrado'}
                  data={establishments.map((e) => ({ value: e.id, label: e.name }))}
                  value={field.value}
                  onChange={field.onChange}
                  searchable
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
