import {
  Alert,
  Button,
  Center,
  CopyButton,
  Grid,
  Group,
  Image,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCopy,
  IconDownload,
  IconExternalLink,
  IconFileTypePdf,
  IconVectorBezier2,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { type GuestLanguage, guestMessages } from '../../../shared/guest-i18n/catalogue';
import { LANGUAGE_NAMES_PT } from '../../../shared/menu-languages';
import { MAX_TABLE_QR_CODES, TABLE_COUNT_MESSAGE, type TableQrFormat } from '../../../shared/wine-menus';
import { apiGetBlob, errorMessage } from '../../lib/api';
import { downloadBlob, pngDataUrl } from '../../lib/files';
import { notifyError } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { useMenuLanguages } from './menu-languages-api';
import { qrLanguageQuery, useMenu, useQrCode } from './menus-api';

type PrintFormat = 'png' | 'svg';

interface DownloadFile<F extends string> {
  format: F;
  label: string;
  Icon: typeof IconDownload;
}

const PRINT_FILES: DownloadFile<PrintFormat>[] = [
  { format: 'png', label: 'Baixar PNG para impressão', Icon: IconDownload },
  { format: 'svg', label: 'Baixar SVG para impressão', Icon: IconVectorBezier2 },
];

const TABLE_FILES: DownloadFile<TableQrFormat>[] = [
  { format: 'pdf', label: 'Baixar PDF A4 das mesas', Icon: IconFileTypePdf },
  { format: 'png', label: 'Baixar PNG das mesas', Icon: IconDownload },
  { format: 'svg', label: 'Baixar SVG das mesas', Icon: IconVectorBezier2 },
];

/** A row of download buttons, the first one filled; the one whose file is being made spins. */
function DownloadButtons<F extends string>({
  files,
  busy,
  disabled,
  onDownload,
}: {
  files: DownloadFile<F>[];
  busy: F | null;
  disabled: boolean;
  onDownload(format: F): void;
}) {
  return (
    <Group gap="sm">
      {files.map(({ format, label, Icon }, i) => (
        <Button
          key={format}
          variant={i === 0 ? 'filled' : 'default'}
          leftSection={<Icon size={18} />}
          onClick={() => onDownload(format)}
          loading={busy === format}
          disabled={disabled}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

/** /carta/:id/qr — the QR image, the public address and print-ready PNG and SVG with the establishment and menu names. */
export function QrPage() {
  const { id = '' } = useParams();
  const menu = useMenu(id);
  // "QR para turistas": a code that opens the menu in a language its guests can read on it (offered and complete).
  const [lang, setLang] = useState<GuestLanguage>('pt-BR');
  const languages = useMenuLanguages(id);
  const readable = (languages.data?.languages ?? []).filter((l) => l.offered && l.complete);
  const qr = useQrCode(id, lang);
  const langQuery = qrLanguageQuery(lang);
  const langSuffix = lang === 'pt-BR' ? '' : `-${lang}`;
  // The card below shows what the printed one will: the menu's name and the line under it in the code's language.
  const translatedName = lang === 'pt-BR' ? undefined : languages.data?.texts.find((t) => t.kind === 'menu_name')?.translations[lang]?.text;
  const [downloading, setDownloading] = useState<PrintFormat | null>(null);
  const [tables, setTables] = useState<number | string>(10);
  const [tableDownload, setTableDownload] = useState<TableQrFormat | null>(null);
  const tableCount = typeof tables === 'number' ? tables : Number.NaN;
  const tablesValid = Number.isInteger(tableCount) && tableCount >= 1 && tableCount <= MAX_TABLE_QR_CODES;
  const establishmentName = menu.data?.establishment.name ?? '';
  const back = { to: id ? `/carta/${id}/editar` : '/', label: 'Voltar à carta' };

  const download = async (format: PrintFormat) => {
    if (!qr.data) return;
    setDownloading(format);
    try {
      downloadBlob(await apiGetBlob(`/wine-menus/${id}/qr-code.${format}${langQuery}`), `${qr.data.file_name}.${format}`);
    } catch (err) {
      console.error(err);
      notifyError(errorMessage(err, `Não foi possível baixar o ${format.toUpperCase()}.`));
    } finally {
      setDownloading(null);
    }
  };

  const downloadTables = async (format: TableQrFormat) => {
    if (!qr.data || !tablesValid) return;
    setTableDownload(format);
    try {
      const blob = await apiGetBlob(`/wine-menus/${id}/table-qr-codes.${format}?tables=${tableCount}${langQuery.replace('?', '&')}`);
      const base = qr.data.file_name.replace(/-qr-code(-\w+)?$/, '');
      downloadBlob(blob, `${base}-qr-mesas-1-a-${tableCount}${langSuffix}.${format}`);
    } catch (err) {
      console.error(err);
      notifyError(errorMessage(err, `Não foi possível baixar os QR codes das mesas (${format.toUpperCase()}).`));
    } finally {
      setTableDownload(null);
    }
  };

  if (qr.isError || menu.isError) {
    return (
      <>
        <PageHeader title="QR code" back={back} />
        <Alert color="red" variant="light" title="Não foi possível gerar o QR code" role="alert">
          {errorMessage(qr.error ?? menu.error, 'Tente novamente em instantes.')}
        </Alert>
      </>
    );
  }

  const src = qr.data ? pngDataUrl(qr.data.qr_code) : null;
  // The public PDF of the whole menu, from this server (the address may point at PUBLIC_BASE_URL's host).
  const pdfPath = qr.data ? `${new URL(qr.data.menu_url).pathname}.pdf${langQuery}` : null;

  return (
    <>
      <PageHeader
        title="QR code"
        back={back}
        description={menu.data ? `${menu.data.name} · ${establishmentName}` : <Skeleton h={16} w={240} mt={4} />}
      />
      {qr.data?.local_address && qr.data.base_url_source === 'request' && (
        <Alert
          color="yellow"
          variant="light"
          mb="lg"
          icon={<IconAlertTriangle size={20} />}
          title="Este QR code não abre no celular dos clientes"
        >
          Ele aponta para <b>{new URL(qr.data.menu_url).host}</b>, um endereço desta máquina ou da rede local. Antes de imprimir, defina a
          variável <code>PUBLIC_BASE_URL</code> com o endereço público do Adega (ex.: https://carta.seurestaurante.com.br) e reinicie o
          servidor.
        </Alert>
      )}
      {readable.length > 0 && (
        <Group gap="sm" mb="lg" wrap="wrap">
          <Text size="sm" fw={600} id="qr-language-label">
            Idioma do QR
          </Text>
          <SegmentedControl
            aria-labelledby="qr-language-label"
            value={lang}
            onChange={(value) => setLang(value as GuestLanguage)}
            data={[
              { value: 'pt-BR', label: 'Português' },
              ...readable.map((l) => ({ value: l.lang, label: `Para turistas: ${LANGUAGE_NAMES_PT[l.lang]}` })),
            ]}
          />
        </Group>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 6, lg: 5 }}>
          <Paper withBorder shadow="xs" p="xl">
            <Center>
              {src ? (
                <Image src={src} alt={`QR code da carta ${menu.data?.name ?? ''}`} w={300} h={300} fit="contain" />
              ) : (
                <Center w={300} h={300}>
                  <Loader />
                </Center>
              )}
            </Center>
            {menu.data && (
              <>
                <Text ta="center" fw={700} ff="Georgia, serif" fz="xl" mt="sm">
                  {establishmentName}
                </Text>
                <Text ta="center" c="vinho.9">
                  {translatedName ?? menu.data.name}
                </Text>
              </>
            )}
            <Text ta="center" size="sm" c="dimmed" lang={lang}>
              {guestMessages(lang).t('qr.scan')}
            </Text>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 7 }}>
          <Stack gap="lg">
            <Paper withBorder shadow="xs" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  Endereço da carta
                </Title>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    label="URL pública"
                    readOnly
                    value={qr.data?.menu_url ?? ''}
                    style={{ flex: 1 }}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <CopyButton value={qr.data?.menu_url ?? ''} timeout={2000}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Copiado!' : 'Copiar endereço'}>
                        <Button
                          variant={copied ? 'light' : 'default'}
                          color={copied ? 'green' : undefined}
                          onClick={copy}
                          disabled={!qr.data}
                          leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        >
                          {copied ? 'Copiado' : 'Copiar'}
                        </Button>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
                {qr.data && (
                  <Button
                    component="a"
                    href={qr.data.menu_url}
                    target="_blank"
                    rel="noopener"
                    variant="subtle"
                    leftSection={<IconExternalLink size={16} />}
                    w="fit-content"
                    px={0}
                  >
                    Abrir a carta pública
                  </Button>
                )}
              </Stack>
            </Paper>
            <Paper withBorder shadow="xs" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  Baixar
                </Title>
                <Text size="sm" c="dimmed">
                  Prontos para imprimir em mesas, cardápios e adesivos: o código com o nome do estabelecimento e da carta embaixo. O SVG não
                  perde qualidade em nenhum tamanho; o PNG serve para mensagens e gráficas.
                </Text>
                <DownloadButtons files={PRINT_FILES} busy={downloading} disabled={!qr.data} onDownload={download} />
                <Text size="sm" c="dimmed">
                  A carta inteira em A4, com preços e o QR code, para imprimir ou enviar. Ela se atualiza sozinha quando a carta muda.
                </Text>
                {pdfPath ? (
                  <Button
                    component="a"
                    href={pdfPath}
                    download={`${qr.data?.file_name.replace(/-qr-code(-\w+)?$/, '')}${langSuffix}.pdf`}
                    variant="default"
                    leftSection={<IconFileTypePdf size={18} />}
                    w="fit-content"
                  >
                    Baixar PDF
                  </Button>
                ) : (
                  <Button variant="default" leftSection={<IconFileTypePdf size={18} />} disabled w="fit-content">
                    Baixar PDF
                  </Button>
                )}
                {qr.data && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Arquivos: {qr.data.file_name}.png e {qr.data.file_name}.svg
                  </Text>
                )}
              </Stack>
            </Paper>
            <Paper withBorder shadow="xs" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  QR codes por mesa
                </Title>
                <Text size="sm" c="dimmed">
                  Um código para cada mesa, de 1 até o número escolhido, com o estabelecimento, a carta e a mesa embaixo. Todos abrem a
                  mesma carta, com o número da mesa no endereço (?mesa=).
                </Text>
                <NumberInput
                  label="Número de mesas"
                  description={`De 1 a ${MAX_TABLE_QR_CODES}`}
                  value={tables}
                  onChange={setTables}
                  min={1}
                  max={MAX_TABLE_QR_CODES}
                  allowDecimal={false}
                  allowNegative={false}
                  error={tablesValid ? undefined : TABLE_COUNT_MESSAGE}
                  w={200}
                />
                <DownloadButtons files={TABLE_FILES} busy={tableDownload} disabled={!qr.data || !tablesValid} onDownload={downloadTables} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
