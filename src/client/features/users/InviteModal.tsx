import type { z } from 'zod';
import type { Invitation, InvitationCreate } from '../../../shared/invitations';
import { invitationCreateSchema } from '../../../shared/invitations';
import type { Role } from '../../../shared/roles';
import { useServerForm } from '../../lib/use-server-form';
import { FormModal } from '../../ui/FormModal';
import { TextField } from '../../ui/text-fields';
import { RoleFields, type RoleValues } from './RoleFields';
import { type EstablishmentOption, type SupplierOption, useCreateInvitation } from './users-api';

interface FormValues extends RoleValues {
  email: string;
}

interface Props {
  /** The roles the session user may invite (shared access policy). */
  roles: readonly Role[];
  /** The establishments the session user may invite to: all for the admin, its own for a manager. */
  establishments: EstablishmentOption[];
  suppliers: SupplierOption[];
  onClose(): void;
  onInvited(invitation: Invitation): void;
}

/** "Convidar usuário": the person receives a link by e-mail and chooses its own password. */
export function InviteModal({ roles, establishments, suppliers, onClose, onInvited }: Props) {
  const create = useCreateInvitation();
  const serverForm = useServerForm({
    schema: invitationCreateSchema as unknown as z.ZodType<InvitationCreate, FormValues>,
    defaults: {
      email: '',
      role: roles.includes('sommelier') ? 'sommelier' : (roles[0] ?? 'sommelier'),
      // A manager of one establishment invites to it without choosing.
      establishment_ids: establishments.length === 1 ? [establishments[0]?.id ?? ''] : [],
      supplier_id: null,
    },
    failMessage: 'Não foi possível enviar o convite.',
    submit: async (values) => onInvited(await create.mutateAsync(values)),
  });

  return (
    <FormModal serverForm={serverForm} onClose={onClose} title="Convidar usuário" submitLabel="Enviar convite" size="md">
      <TextField label="E-mail" type="email" withAsterisk name="email" description="A pessoa recebe um link para criar a própria senha." />
      <RoleFields
        roles={roles}
        establishments={establishments}
        suppliers={suppliers}
        establishmentsDescription="Onde a pessoa vai trabalhar: ela só vê e altera os dados destes."
        markRequired
      />
    </FormModal>
  );
}
