import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useServerForm } from '../../lib/use-server-form';
import { AuditHistory } from '../../ui/AuditHistory';
import { FormModal } from '../../ui/FormModal';

interface Props<Input extends FieldValues, Output> {
  title: string;
  schema: z.ZodType<Output, Input>;
  defaults: DefaultValues<Input>;
  /** SPEC §8 prefix of the red banner, e.g. 'Erro ao salvar lead: '. */
  failPrefix: string;
  submitLabel?: string;
  submit(values: Output): Promise<void>;
  onClose(): void;
  children: ReactNode;
}

/** The create/edit dialog of the CRM screens: the shared schema checks it, the server's messages land on the fields. */
export function CrmFormModal<Input extends FieldValues, Output>({
  title,
  schema,
  defaults,
  failPrefix,
  submitLabel,
  submit,
  onClose,
  children,
}: Props<Input, Output>) {
  const serverForm = useServerForm({
    schema,
    defaults,
    failMessage: 'Tente novamente em instantes.',
    guardLeave: false,
    submit,
  });
  return (
    <FormModal
      serverForm={serverForm}
      onClose={onClose}
      title={title}
      size="lg"
      gap="sm"
      errorPrefix={failPrefix}
      submitLabel={submitLabel}
    >
      {children}
    </FormModal>
  );
}

/** What the create/edit dialog of each kind of CRM record says. */
const RECORD_TEXTS = {
  lead: {
    newTitle: 'Novo lead',
    editTitle: 'Editar lead',
    failPrefix: 'Erro ao salvar lead: ',
    created: 'Lead criado com sucesso!',
    updated: 'Lead atualizado com sucesso!',
  },
  opportunity: {
    newTitle: 'Nova oportunidade',
    editTitle: 'Editar oportunidade',
    failPrefix: 'Erro ao salvar oportunidade: ',
    created: 'Oportunidade criada com sucesso!',
    updated: 'Oportunidade atualizada com sucesso!',
  },
  activity: {
    newTitle: 'Nova atividade',
    editTitle: 'Editar atividade',
    failPrefix: 'Erro ao salvar atividade: ',
    created: 'Atividade criada com sucesso!',
    updated: 'Atividade atualizada com sucesso!',
  },
} as const;

/** What a CRM screen gives the create/edit dialog of its records. */
export interface CrmRecordDialogProps {
  onClose(): void;
  onSaved(message: string): void;
}

interface RecordProps<Input extends FieldValues, Output> extends CrmRecordDialogProps {
  kind: keyof typeof RECORD_TEXTS;
  /** null: a new record. */
  record: { id: string } | null;
  schema: z.ZodType<Output, Input>;
  defaults: DefaultValues<Input>;
  save: { mutateAsync(vars: { id?: string | undefined; values: Output }): Promise<unknown> };
  children: ReactNode;
}

/** "Novo …" or "Editar …" of a lead, an opportunity or an activity: saves the record and says so. */
export function CrmRecordFormModal<Input extends FieldValues, Output>({
  kind,
  record,
  save,
  onSaved,
  children,
  ...form
}: RecordProps<Input, Output>) {
  const texts = RECORD_TEXTS[kind];
  return (
    <CrmFormModal
      {...form}
      title={record ? texts.editTitle : texts.newTitle}
      failPrefix={texts.failPrefix}
      submit={async (values) => {
        await save.mutateAsync({ id: record?.id, values });
        onSaved(record ? texts.updated : texts.created);
      }}
    >
      {children}
      <AuditHistory kind={kind} id={record?.id} />
    </CrmFormModal>
  );
}
