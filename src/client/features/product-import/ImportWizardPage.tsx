import { Alert, Button, Group, Paper, Stepper } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FieldMapping } from '../../../shared/product-import';
import { PageHeader } from '../../ui/PageHeader';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { ProgressStep } from './ProgressStep';
import { ResultStep } from './ResultStep';
import { UploadStep } from './UploadStep';

/** SPEC §4: 1 upload, 2 preview, 3 mapping, 4 importing, 5 result. */
type Step = 0 | 1 | 2 | 3 | 4;

interface WizardState {
  step: Step;
  file: File | null;
  importId: string | null;
  mapping: FieldMapping | null;
}

const START: WizardState = { step: 0, file: null, importId: null, mapping: null };

/** /produtos/importar — the spreadsheet import wizard. */
export function ImportWizardPage() {
  const [state, setState] = useState<WizardState>(START);
  const [error, setError] = useState<string | null>(null);
  const go = (step: Step, patch: Partial<WizardState> = {}) => {
    setError(null);
    setState((s) => ({ ...s, ...patch, step }));
  };
  // Reset: back to step 1 with nothing kept (SPEC §4).
  const reset = () => {
    setError(null);
    setState(START);
  };

  return (
    <>
      <PageHeader
        title="Importar produtos"
        description="Envie a planilha de preços do fornecedor (.xlsx, .xls ou .csv): confira as colunas, escolha o que cada uma é e acompanhe a importação."
        actions={
          <Button component={Link} to="/produtos/historico" variant="default" leftSection={<IconHistory size={18} />}>
            Histórico de importações
          </Button>
        }
      />
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
            file={state.file}
            onFile={(file) => setState((s) => ({ ...s, file }))}
            onError={setError}
            onUploaded={(importId) => go(1, { importId, mapping: null })}
          />
        )}
        {state.step === 1 && state.importId && (
          <PreviewStep importId={state.importId} fileSize={state.file?.size ?? null} onBack={() => go(0)} onNext={() => go(2)} />
        )}
        {state.step === 2 && state.importId && (
          <MappingStep
            importId={state.importId}
            mapping={state.mapping}
            onMapping={(mapping) => setState((s) => ({ ...s, mapping }))}
            onBack={() => go(1)}
            onStarted={() => go(3)}
            onError={setError}
          />
        )}
        {state.step === 3 && state.importId && <ProgressStep importId={state.importId} onDone={() => go(4)} />}
        {state.step === 4 && state.importId && <ResultStep importId={state.importId} onReset={reset} />}
        {state.step > 0 && state.step < 3 && (
          <Group justify="center" mt="lg">
            <Button variant="subtle" color="gray" onClick={reset}>
              Recomeçar
            </Button>
          </Group>
        )}
      </Paper>
    </>
  );
}
