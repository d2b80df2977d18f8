import { Alert, Badge, Button, Checkbox, FileButton, Group, Paper, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy, IconFileDownload, IconFileUpload, IconLanguage, IconWand } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { LANGUAGE_NAME } from '../../../shared/guest-i18n/catalogue';
import { LANGUAGE_NAMES_PT, type MenuLanguages, OFFERABLE_LANGUAGES, type OfferableLanguage } from '../../../shared/menu-languages';
import { downloadBlob } from '../../lib/files';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { mutationToasts, notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoadError, PageLoader } from '../../ui/PageStates';
import { SectionCard } from '../../ui/SectionCard';
import {
  type TranslationEdit,
  translationsSheet,
  useDraftMissingTranslations,
  useImportTranslations,
  useMenuLanguages,
  useSaveTranslations,
  useSetOfferedLanguages,
} from './menu-languages-api';

type RequiredTextView = MenuLanguages['texts'][number];
type LanguageView = MenuLanguages['languages'][number];

/** Light badges with a dark label: readable in a dim room, and axe's contrast passes. */
const BADGE_LABEL = { label: { color: 'var(--mantine-color-dark-7)' } };

const textKey = (t: { kind: string; ref: string }) => `${t.kind}\u0000${t.ref}`;

/** What the editor calls each of the restaurant's texts. */
function textLabel(t: RequiredTextView): string {
  switch (t.kind) {
    case 'menu_name':
      return 'Nome da carta';
    case 'menu_description':
      return 'Descrição da carta';
    case 'wine_description':
      return `Descrição de ${t.label}`;
    case 'category':
      return `Categoria “${t.label}”`;
  }
}

function StatusBadge({ status }: { status: LanguageView }) {
  if (!status.offered)
    return (
      <Badge color="gray" variant="light" tt="none" styles={BADGE_LABEL}>
        Não oferecido
      </Badge>
    );
  if (status.complete)
    return (
      <Badge color="green" variant="light" tt="none" styles={BADGE_LABEL}>
        Visível aos clientes
      </Badge>
    );
  return (
    <Badge color="orange" variant="light" tt="none" styles={BADGE_LABEL}>
      Incompleto: oculto aos clientes
    </Badge>
  );
}

/** "EN: 3 de 5 descrições · 4 de 7 textos prontos · 2 rascunhos a revisar" */
function statusLine(status: LanguageView): string {
  const parts = [status.summary, `${status.done} de ${status.required} textos prontos`];
  if (status.drafts > 0) parts.push(status.drafts === 1 ? '1 rascunho a revisar' : `${status.drafts} rascunhos a revisar`);
  return parts.join(' · ');
}

function OfferedLanguages({ menuId, data }: { menuId: string; data: MenuLanguages }) {
  const setOffered = useSetOfferedLanguages(menuId);
  // What was asked for, shown from the click until the server answers (then its answer, or the old state on failure).
  const [asked, setAsked] = useState<OfferableLanguage[] | null>(null);
  const shown = asked ?? data.offered;
  const toggle = (lang: OfferableLanguage, on: boolean) => {
    const offered = OFFERABLE_LANGUAGES.filter((l) => (l === lang ? on : shown.includes(l)));
    setAsked(offered);
    setOffered.mutate(offered, {
      ...mutationToasts(
        `${LANGUAGE_NAMES_PT[lang]} ${on ? 'oferecido na' : 'retirado da'} carta.`,
        'Não foi possível mudar os idiomas da carta.',
      ),
      onSettled: () => setAsked(null),
    });
  };
  return (
    <SectionCard title="Idiomas oferecidos" gap={12}>
      <Text size="sm" c="dimmed">
        O português é sempre oferecido. Um idioma aparece para os clientes quando todos os seus textos estão traduzidos e revisados; até lá,
        quem tem o celular nesse idioma lê a carta em português.
      </Text>
      {data.languages.map((status) => (
        <Group key={status.lang} justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Checkbox
              label={`${LANGUAGE_NAMES_PT[status.lang]} (${LANGUAGE_NAME[status.lang]})`}
              checked={shown.includes(status.lang)}
              disabled={setOffered.isPending}
              onChange={(event) => toggle(status.lang, event.currentTarget.checked)}
            />
            <Text size="xs" c="dark.4" pl={32}>
              {statusLine(status)}
            </Text>
          </Stack>
          <StatusBadge status={status} />
        </Group>
      ))}
    </SectionCard>
  );
}

/** The texts as a spreadsheet for a translator, and the filled spreadsheet read back. */
function TranslatorSheet({ menuId, unsaved }: { menuId: string; unsaved: boolean }) {
  const importSheet = useImportTranslations(menuId);
  // Cleared after each pick: the same file, fixed and sent again, must be read again.
  const resetPick = useRef<() => void>(null);
  const [exporting, setExporting] = useState(false);
  const exportSheet = async () => {
    setExporting(true);
    try {
      downloadBlob(await translationsSheet(menuId), 'traducoes-da-carta.xlsx');
    } catch (err) {
      console.error(err);
      notifyError('Não foi possível exportar a planilha.');
    } finally {
      setExporting(false);
    }
  };
  const upload = (file: File | null) => {
    resetPick.current?.();
    if (!file) return;
    importSheet.mutate(file, {
      ...mutationToasts('', 'Não foi possível importar a planilha.'),
      onSuccess: ({ imported }) =>
        notifySuccess(
          imported === 0
            ? 'Planilha importada: nenhum texto mudou.'
            : `Planilha importada: ${imported === 1 ? '1 texto traduzido' : `${imported} textos traduzidos`}.`,
        ),
    });
  };
  return (
    <SectionCard title="Planilha para tradutores" gap={12}>
      <Text size="sm" c="dimmed">
        Exporte os textos da carta (uma coluna por idioma), entregue a planilha a um tradutor e importe-a preenchida. O que ele escrever
        conta como revisado; células vazias não apagam nada.
      </Text>
      {unsaved ? (
        <Text size="sm" fw={500} c="dark.7">
          Salve os textos digitados antes de importar: a planilha substitui as traduções que ela traz.
        </Text>
      ) : null}
      <Group gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconFileDownload size={18} />} loading={exporting} onClick={exportSheet}>
          Exportar planilha
        </Button>
        <FileButton onChange={upload} accept=".xlsx,.xls,.csv" resetRef={resetPick}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconFileUpload size={18} />}
              loading={importSheet.isPending}
              disabled={unsaved}
            >
              Importar planilha
            </Button>
          )}
        </FileButton>
      </Group>
    </SectionCard>
  );
}

interface Edit {
  text: string;
  draft: boolean;
}
/** A language's unsaved texts, by textKey. */
type Edits = Map<string, Edit>;

interface EditorProps {
  menuId: string;
  lang: OfferableLanguage;
  data: MenuLanguages;
  edits: Edits;
  setEdits(update: (before: Edits) => Edits): void;
}

/** One language's texts: the pt-BR original, the translation and whether a person reviewed it. */
function TranslationEditor({ menuId, lang, data, edits, setEdits }: EditorProps) {
  const name = LANGUAGE_NAMES_PT[lang].toLowerCase();
  const saved = (t: RequiredTextView): Edit => t.translations[lang] ?? { text: '', draft: false };
  const save = useSaveTranslations(menuId, lang);
  const draft = useDraftMissingTranslations(menuId, lang);
  const dirty = edits.size > 0;

  const current = (t: RequiredTextView) => edits.get(textKey(t)) ?? saved(t);
  const change = (t: RequiredTextView, next: Edit) =>
    setEdits((before) => {
      const after = new Map(before);
      const was = saved(t);
      if (was.text === next.text && was.draft === next.draft) after.delete(textKey(t));
      else after.set(textKey(t), next);
      return after;
    });

  const onSave = () => {
    const texts: TranslationEdit[] = data.texts
      .filter((t) => edits.has(textKey(t)))
      .map((t) => ({ kind: t.kind, ref: t.ref, text: current(t).text.trim(), draft: current(t).draft }));
    const toasts = mutationToasts('Traduções salvas.', 'Não foi possível salvar as traduções.');
    save.mutate(texts, {
      onError: toasts.onError,
      onSuccess: () => {
        setEdits(() => new Map());
        toasts.onSuccess();
      },
    });
  };
  const missingDescriptions = data.texts.filter((t) => t.kind === 'wine_description' && !t.translations[lang]).length;

  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          Rascunhos são montados a partir do estilo, da uva, da região e do país de cada vinho. Leia, ajuste e marque cada um como revisado:
          rascunhos não aparecem para os clientes.
        </Text>
        <Button
          variant="default"
          leftSection={<IconWand size={18} />}
          disabled={dirty || missingDescriptions === 0}
          loading={draft.isPending}
          onClick={() => draft.mutate(undefined, mutationToasts('Rascunhos criados para revisão.', 'Não foi possível criar os rascunhos.'))}
        >
          Gerar rascunhos das descrições
        </Button>
      </Group>
      {dirty && missingDescriptions > 0 && (
        <Text size="xs" c="dark.4">
          Salve as traduções antes de gerar rascunhos.
        </Text>
      )}
      {data.texts.map((t) => {
        const value = current(t);
        const label = `${textLabel(t)} em ${name}`;
        return (
          <Paper key={textKey(t)} withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Textarea
                label={label}
                description={`Em português: ${t.source}`}
                value={value.text}
                autosize
                minRows={t.kind === 'wine_description' || t.kind === 'menu_description' ? 2 : 1}
                maxLength={4000}
                // Whoever types the text has read it: what a person writes counts as reviewed.
                onChange={(event) => change(t, { text: event.currentTarget.value, draft: false })}
              />
              <Group gap="sm" wrap="wrap">
                <Checkbox
                  size="sm"
                  label="Revisado"
                  aria-label={`${label}: revisado`}
                  checked={Boolean(value.text.trim()) && !value.draft}
                  disabled={!value.text.trim()}
                  onChange={(event) => change(t, { text: value.text, draft: !event.currentTarget.checked })}
                />
                {value.draft && value.text.trim() && (
                  <Badge color="orange" variant="light" tt="none" styles={BADGE_LABEL}>
                    Rascunho
                  </Badge>
                )}
                {!value.text.trim() && (
                  <Badge color="red" variant="light" tt="none" styles={BADGE_LABEL}>
                    Falta traduzir
                  </Badge>
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Paper withBorder shadow="sm" radius="md" p="sm" pos="sticky" bottom={8}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dark.4">
            {dirty ? (edits.size === 1 ? '1 texto alterado' : `${edits.size} textos alterados`) : 'Nenhuma alteração a salvar'}
          </Text>
          <Button leftSection={<IconDeviceFloppy size={18} />} disabled={!dirty} loading={save.isPending} onClick={onSave}>
            Salvar traduções ({name})
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

/** /carta/:id/idiomas — the languages a menu offers its guests, and the restaurant's texts in each. */
export function MenuLanguagesPage() {
  const { id = '' } = useParams();
  const languages = useMenuLanguages(id);
  const [tab, setTab] = useState<string | null>('en');
  // Unsaved texts of each language: kept while the other language's tab is open, and asked about before leaving.
  const [edits, setEdits] = useState<Record<OfferableLanguage, Edits>>({ en: new Map(), es: new Map() });
  useLeaveGuard(Object.values(edits).some((e) => e.size > 0));
  const back = { to: `/carta/${id}/editar`, label: 'Voltar à carta' };
  const title = 'Idiomas da carta';

  if (languages.isPending) return <PageLoader />;
  if (languages.isError)
    return <PageLoadError title={title} back={back} failTitle="Não foi possível abrir os idiomas da carta" error={languages.error} />;
  const data = languages.data;

  return (
    <>
      <PageHeader
        title={title}
        back={back}
        description="Para clientes que não leem português: a carta no idioma do celular, com os textos que o restaurante traduziu."
      />
      <Stack gap="lg">
        <OfferedLanguages menuId={id} data={data} />
        {data.texts.length > 0 ? <TranslatorSheet menuId={id} unsaved={Object.values(edits).some((e) => e.size > 0)} /> : null}
        {data.texts.length === 0 ? (
          <Alert color="gray" variant="light" icon={<IconLanguage size={18} />}>
            Esta carta não tem textos a traduzir.
          </Alert>
        ) : (
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List>
              {OFFERABLE_LANGUAGES.map((lang) => (
                <Tabs.Tab key={lang} value={lang}>
                  {LANGUAGE_NAMES_PT[lang]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {OFFERABLE_LANGUAGES.map((lang) => (
              <Tabs.Panel key={lang} value={lang}>
                <TranslationEditor
                  menuId={id}
                  lang={lang}
                  data={data}
                  edits={edits[lang]}
                  setEdits={(update) => setEdits((before) => ({ ...before, [lang]: update(before[lang]) }))}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    </>
  );
}
