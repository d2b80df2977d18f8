import { Anchor, Box, Container, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { OnboardingForm, OnboardingFormInput } from '../../../shared/onboarding';
import { BrandMark } from '../../ui/BrandMark';
import { BasicInfoStep } from './BasicInfoStep';
import { MenuUploadStep } from './MenuUploadStep';
import classes from './OnboardingPage.module.css';
import { SubmittedPanel } from './SubmittedPanel';
import { readProgress, writeProgress } from './saved-progress';
import { ValidationStep } from './ValidationStep';

export const STEP_LABELS = ['Informações Básicas', 'Validação de Dados', 'Upload do Cardápio'] as const;

/**
 * The public sign-up wizard (SPEC §2, §4): step 1 creates the process, step 3 opens only when the three checks are
 * valid after 'Validar Todos', Voltar goes 2 -> 1 and 3 -> 2. Works logged out and logged in.
 */
export function OnboardingPage() {
  useDocumentTitle('Cadastre seu restaurante — Adega');
  const [resumed] = useState(readProgress);
  const [step, setStep] = useState(resumed?.step ?? 0);
  const [processId, setProcessId] = useState<string | null>(resumed?.processId ?? null);
  const [values, setValues] = useState<OnboardingFormInput | null>(resumed?.values ?? null);
  const [saved, setSaved] = useState<OnboardingForm | null>(resumed?.saved ?? null);
  const [sent, setSent] = useState(false);

  // Every step reached is kept, so a reload (or coming back later) resumes here; a sent sign-up is forgotten.
  useEffect(() => {
    if (sent) writeProgress(null);
    else if (processId && values && saved) writeProgress({ processId, step, values, saved });
  }, [processId, step, values, saved, sent]);

  return (
    <Box component="main" className={classes.page}>
      <Container size={760} px={{ base: 'xs', sm: 'md' }} py={{ base: 'md', sm: 40 }}>
        <Group justify="space-between" mb="md" px={{ base: 'xs', sm: 0 }}>
          <BrandMark size={30} light />
          <Anchor href="/login" size="sm" className={classes.loginLink}>
            Já tenho conta
          </Anchor>
        </Group>
        <Paper shadow="xl" p={{ base: 'md', sm: 36 }} radius="md" className={classes.card}>
          <Stack gap="lg">
            <div>
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                Cadastre seu restaurante
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                Em três passos: seus dados, a verificação e o cardápio atual. Nossa equipe analisa e libera seu acesso.
              </Text>
            </div>
            {sent && saved ? (
              <SubmittedPanel contactEmail={saved.contact_email} />
            ) : (
              <Stepper
                active={step}
                size="sm"
                iconSize={30}
                classNames={{
                  steps: classes.steps,
                  step: classes.step,
                  stepBody: classes.stepBody,
                  stepLabel: classes.stepLabel,
                  separator: classes.separator,
                }}
                allowNextStepsSelect={false}
              >
                <Stepper.Step label={STEP_LABELS[0]}>
                  <BasicInfoStep
                    initial={values}
                    processId={processId}
                    onSaved={(id, input, output) => {
                      setProcessId(id);
                      setValues(input);
                      setSaved(output);
                      setStep(1);
                    }}
                  />
                </Stepper.Step>
                <Stepper.Step label={STEP_LABELS[1]}>
                  {processId && saved && (
                    <ValidationStep processId={processId} saved={saved} onBack={() => setStep(0)} onAllValid={() => setStep(2)} />
                  )}
                </Stepper.Step>
                <Stepper.Step label={STEP_LABELS[2]}>
                  {processId && <MenuUploadStep processId={processId} onBack={() => setStep(1)} onSent={() => setSent(true)} />}
                </Stepper.Step>
              </Stepper>
            )}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
