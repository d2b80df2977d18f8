import { MultiSelect, Select } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { ESTABLISHMENT_ROLES, ROLE_LABELS, ROLES, type Role } from '../../../shared/roles';
import { type User, type UserUpdate, userCreateSchema, userUpdateSchema } from '../../../shared/users';
import { useServerForm } from '../../lib/use-server-form';
import { FormModal } from '../../ui/FormModal';
import { PasswordField, TextField } from '../../ui/text-fields';
import { type EstablishmentOption, type SupplierOption, useSaveUser } from './users-api';

interface FormValues {
  email: string;
  password: string;
  role: Role;
  establishment_ids: string[];
  supplier_id: string | null;
}

interface Props {
  opened: boolean;
  user: User | null;
  establishments: EstablishmentOption[];
  suppliers: SupplierOption[];
  onClose(): void;
  onSaved(message: string): void;
}

/** The form exists only while the dialog is open: "Novo usuário" always opens blank, "Editar" with that user. */
export function UserFormModal(props: Props) {
  return props.opened ? <UserFormDialog key={props.user?.id ?? 'novo'} {...props} /> : null;
}

function UserFormDialog({ user, establishments, suppliers, onClose, onSaved }: Props) {
  const isEdit = Boolean(user);
  const save = useSaveUser();
  // The same zod schemas the API validates with (an edit may leave the password empty).
  const schema = (isEdit ? userUpdateSchema : userCreateSchema) as z.ZodType<UserUpdate, FormValues>;
  const serverForm = useServerForm({
    schema,
    defaults: {
      email: user?.email ?? '',
      password: '',
      role: user?.role ?? 'restaurant_manager',
      establishment_ids: user?.establishment_ids ?? [],
      supplier_id: user?.supplier_id ?? null,
    },
    failMessage: 'Não foi possível salvar o usuário.',
    submit: async (values) => {
      await save.mutateAsync({ id: user?.id, values });
      onSaved(isEdit ? 'Usuário atualizado.' : 'Usuário criado.');
    },
  });
  const { form } = serverForm;
  const role = form.watch('role');

  return (
    <FormModal serverForm={serverForm} onClose={onClose} title={isEdit ? 'Editar usuário' : 'Novo usuário'} size="md">
      <TextField label="E-mail" type="email" withAsterisk name="email" />
      <PasswordField
        label={isEdit ? 'Nova senha' : 'Senha'}
        description={isEdit ? 'Deixe em branco para manter a senha atual.' : 'Pelo menos 8 caracteres.'}
        withAsterisk={!isEdit}
        autoComplete="new-password"
        name="password"
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
            ref={field.ref}
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
      {role === 'supplier' && (
        <Controller
          control={form.control}
          name="supplier_id"
          render={({ field, fieldState }) => (
            <Select
              label="Fornecedor"
              description="O fornecedor que este usuário representa: ele vê e atende só os pedidos deste."
              placeholder={suppliers.length ? 'Escolha o fornecedor' : 'Nenhum fornecedor cadastrado'}
              data={suppliers.map((s) => ({ value: s.id, label: `${s.name} (${s.company_name})` }))}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              searchable
              clearable
              nothingFoundMessage="Nenhum fornecedor"
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
    </FormModal>
  );
}
