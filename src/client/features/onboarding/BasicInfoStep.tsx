import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { FormProvider } from 'react-hook-form';
import { ONBOARDING_TEXTS, type OnboardingForm, type OnboardingFormInput, onboardingFormSchema, UFS } from '../../../shared/onboarding';
import { useServerForm } from '../../lib/use-server-form';
import { TextField, useRegisteredField } from '../../ui/text-fields';
import { MaskedTextField } from './MaskedTextField';
import { cepMask, cnpjMask, phoneMask } from './masks';
import { saveProcess } from './onboarding-api';

const BLANK: OnboardingFormInput = {
  establishment_name: '',
  cnpj: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
  contact_name: '',
  contact_email: '',
  contact_phone: '',
};

interface Props {
  initial: OnboardingFormInput | null;
  processId: string | null;
  onSaved(processId: string, input: OnboardingFormInput, output: OnboardingForm): void;
}

/** Step 1, 'Informações Básicas': the eleven fields, all required; saving creates (or updates) the process. */
export function BasicInfoStep({ initial, processId, onSaved }: Props) {
  const { form, onSubmit, error, formRef } = useServerForm({
    schema: onboardingFormSchema,
    defaults: initial ?? BLANK,
    failMessage: ONBOARDING_TEXTS.createFailedPrefix,
    guardLeave: false,
    submit: async (values) => {
      const id = await saveProcess(processId, values);
      onSaved(id, form.getValues(), values);
    },
  });

  return (
    <FormProvider {...form}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="lg" mt="md">
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error.startsWith(ONBOARDING_TEXTS.createFailedPrefix) ? error : `${ONBOARDING_TEXTS.createFailedPrefix}${error}`}
            </Alert>
          )}
          <Stack gap="sm">
            <Text fw={600}>Estabelecimento</Text>
            <TextField name="establishment_name" label="Nome do estabelecimento" autoComplete="organization" required />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MaskedTextField
                name="cnpj"
                mask={cnpjMask}
                label="CNPJ"
                placeholder="12.345.678/0001-95"
                autoCapitalize="characters"
                required
              />
              <MaskedTextField
                name="phone"
                mask={phoneMask}
                label="Telefone"
                type="tel"
                inputMode="tel"
                placeholder="(48) 3232-4455"
                required
              />
            </SimpleGrid>
            <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="email" required />
            <TextField name="address" label="Endereço" placeholder="Rua, número e bairro" autoComplete="address-line1" required />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextField name="city" label="Cidade" autoComplete="address-level2" required />
              <UfField />
              <MaskedTextField
                name="zip_code"
                mask={cepMask}
                label="CEP"
                inputMode="numeric"
                placeholder="88010-000"
                autoComplete="postal-code"
                required
              />
            </SimpleGrid>
          </Stack>
          <Stack gap="sm">
            <Text fw={600}>Responsável</Text>
            <TextField name="contact_name" label="Nome do responsável" autoComplete="name" required />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField name="contact_email" label="E-mail do responsável" type="email" inputMode="email" required />
              <MaskedTextField name="contact_phone" mask={phoneMask} label="Telefone do responsável" type="tel" inputMode="tel" required />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              O acesso ao painel será criado para o e-mail do responsável.
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              rightSection={<IconArrowRight size={18} />}
              loading={form.formState.isSubmitting}
              fullWidth={false}
            >
              Continuar
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** A native select: on a phone it opens the system picker. */
function UfField() {
  const field = useRegisteredField('state');
  return (
    <NativeSelect
      {...field}
      label="Estado (UF)"
      required
      autoComplete="address-level1"
      data={[{ value: '', label: 'Escolha' }, ...UFS.map((uf) => ({ value: uf, label: uf }))]}
    />
  );
}
