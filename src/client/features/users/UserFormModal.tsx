import type { z } from 'zod';
import { ROLES, type Role } from '../../../shared/roles';
import { type User, type UserUpdate, userCreateSchema, userUpdateSchema } from '../../../shared/users';
import { useServerForm } from '../../lib/use-server-form';
import { FormModal } from '../../ui/FormModal';
import { PasswordField, TextField } from '../../ui/text-fields';
import { RoleFields } from './RoleFields';
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
      <RoleFields
        roles={ROLES}
        establishments={establishments}
        suppliers={suppliers}
        establishmentsDescription="Onde este usuário trabalha: ele só vê e altera os dados destes."
        supplierDescription="O fornecedor que este usuário representa: ele vê e atende só os pedidos deste."
      />
    </FormModal>
  );
}
