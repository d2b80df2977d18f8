import { useFormContext } from 'react-hook-form';
import { ESTABLISHMENT_ROLES, ROLE_LABELS, type Role } from '../../../shared/roles';
import { MultiSelectField, SelectField } from '../../ui/form-fields';
import type { EstablishmentOption, SupplierOption } from './users-api';

/** The fields of a user or an invitation that say what the person does and where. */
export interface RoleValues {
  role: Role;
  establishment_ids: string[];
  supplier_id: string | null;
}

interface Props {
  roles: readonly Role[];
  establishments: EstablishmentOption[];
  suppliers: SupplierOption[];
  /** Under "Estabelecimentos" and "Fornecedor": who the person is, said for a new user or an invitation. */
  establishmentsDescription: string;
  supplierDescription?: string;
  /** An invitation marks the establishments and the supplier as required; the user form leaves it to the server's message. */
  markRequired?: boolean;
}

/** The profile, then where the person works: establishments for the establishment roles, a supplier for a supplier. */
export function RoleFields({ roles, establishments, suppliers, establishmentsDescription, supplierDescription, markRequired }: Props) {
  const { watch } = useFormContext<RoleValues>();
  const role = watch('role');
  return (
    <>
      <SelectField
        name="role"
        label="Perfil"
        withAsterisk
        allowDeselect={false}
        data={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
      />
      {ESTABLISHMENT_ROLES.includes(role) && (
        <MultiSelectField
          name="establishment_ids"
          label="Estabelecimentos"
          withAsterisk={markRequired}
          description={establishmentsDescription}
          placeholder={establishments.length ? 'Escolha um ou mais' : 'Nenhum estabelecimento cadastrado'}
          data={establishments.map((e) => ({ value: e.id, label: e.name }))}
          searchable
        />
      )}
      {role === 'supplier' && (
        <SelectField
          name="supplier_id"
          emptyValue={null}
          label="Fornecedor"
          withAsterisk={markRequired}
          description={supplierDescription}
          placeholder={suppliers.length ? 'Escolha o fornecedor' : 'Nenhum fornecedor cadastrado'}
          data={suppliers.map((s) => ({ value: s.id, label: `${s.name} (${s.company_name})` }))}
          searchable
          clearable
          nothingFoundMessage="Nenhum fornecedor"
        />
      )}
    </>
  );
}
