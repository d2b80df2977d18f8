import { Alert, Button, Group, Paper, Stepper } from '@mantine/core';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import type { FieldMap, ImportSource } from './import-source';
import type { MappingStepProps } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { ProgressStep } from './ProgressStep';
import { ResultStep } from './ResultStep';
import { UploadStep } from './UploadStep';

/** SPEC §4: 1 upload, 2 preview, 3 mapping, 4 importing, 5 result. */
type Step = 0 | 1 | 2 | 3 | 4;

interface WizardState<F extends string> {
  step: Step;
  file: File | null;
  importId: string | null;
  mapping: FieldMap<F> | null;
}

const START = { step: 0, file: null, importId: null, mapping: null } as const;

/**
 * The spreadsheet import wizard, whatever the sheet holds: the source says where it goes and what it is called, and
 * `mappingStep` draws step 3 (the fields, their rules and the import's own options).
 */
export function ImportWizard<F extends string>({
  source,
  mappingStep,
}: {
  source: ImportSource<F>;
  mappingStep(props: MappingStepProps<F>): ReactNode;
}) {
  const [state, setState] = useState<WizardState<F>>(START);
  const [error, setError] = useState<string | null>(null);
  const finished = useFinished(source.changes);
  const go = (step: Step, patch: Partial<WizardState<F>> = {}) => {
    setError(null);
    setState((s) => ({ ...s, ...patch, step }));
  };
  // Reset: back to step 1 with nothing kept (SPEC §4).
  const reset = () => {
    setError(null);
    setState(START);
  };
  const done = useCallback(() => {
    finished();
    setError(null);
    setState((s) => ({ ...s, step: 4 }));
  }, [finished]);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stepper active={state.step} allowNextStepsSelect={false} size="sm" mb="xl" wrap>
        <Stepper.Step label="Arquivo" description="Enviar a planilha" />
        <Stepper.Step label="Pré-visualização" description="Conferir os dados" />
        <Stepper.Step label="Mapeamento" description="Colunas e campos" />
        <Stepper.Step label="Importação" description="Em andamento" />
        <Stepper.Step label="Resultado" description="Resumo" />
      </Stepper>
      {error && (
        <Alert color="red" variant="light" mb="md" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {state.step === 0 && (
        <UploadStep
          source={source}
          file={state.file}
          onFile={(file) => setState((s) => ({ ...s, file }))}
          onError={setError}
          onUploaded={(importId) => go(1, { importId, mapping: null })}
        />
      )}
      {state.step === 1 && state.importId && (
        <PreviewStep
          source={source}
          importId={state.importId}
          fileSize={state.file?.size ?? null}
          onBack={() => go(0)}
          onNext={() => go(2)}
        />
      )}
      {state.step === 2 &&
        state.importId &&
        mappingStep({
          source,
          importId: state.importId,
          mapping: state.mapping,
          onMapping: (mapping) => setState((s) => ({ ...s, mapping })),
          onBack: () => go(1),
          onStarted: () => go(3),
          onError: setError,
        })}
      {state.step === 3 && state.importId && <ProgressStep source={source} importId={state.importId} onDone={done} />}
      {state.step === 4 && state.importId && <ResultStep source={source} importId={state.importId} onReset={reset} />}
      {state.step > 0 && state.step < 3 && (
        <Group justify="center" mt="lg">
          <Button variant="subtle" color="gray" onClick={reset}>
            Recomeçar
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/** When an import ends, what else it changed is loaded again. */
function useFinished(changes: QueryKey | undefined) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (changes) void queryClient.invalidateQueries({ queryKey: changes });
  }, [queryClient, changes]);
}
