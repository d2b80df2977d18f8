import {
  Alert,
  Button,
  Center,
  CopyButton,
  Grid,
  Group,
  Image,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { slugify } from '../../../shared/slug';
import { apiGetBlob, errorMessage } from '../../lib/api';
import { downloadBlob, downloadUrl, pngDataUrl } from '../../lib/files';
import { notifyError } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { useMenu, useQrCode } from './menus-api';

/** /carta/:id/qr — the QR image, the public address, PNG download and an SVG for print. */
export function QrPage() {
  const { id = '' } = useParams();
  const menu = useMenu(id);
  const qr = useQrCode(id);
  const [svgLoading, setSvgLoading] = useState(false);
  const establishmentName = menu.data?.establishment.name ?? '';
  const fileBase = `${slugify(establishmentName) || menu.data?.establishment.slug || 'carta'}-qr-code`;
  const back = { to: id ? `/carta/${id}/editar` : '/', label: 'Voltar à carta' };

  const downloadSvg = async () => {
    setSvgLoading(true);
    try {
      downloadBlob(await apiGetBlob(`/wine-menus/${id}/qr-code.svg`), `${fileBase}.svg`);
    } catch (err) {
      console.error(err);
      notifyError(errorMessage(err, 'Não foi possível baixar o SVG.'));
    } finally {
      setSvgLoading(false);
    }
  };

  if (qr.isError || menu.isError) {
    return (
      <>
        <PageHeader title="QR Code" back={back} />
        <Alert color="red" variant="light" title="Não foi possível gerar o QR code" role="alert">
          {errorMessage(qr.error ?? menu.error, 'Tente novamente em instantes.')}
        </Alert>
      </>
    );
  }

  const src = qr.data ? pngDataUrl(qr.data.qr_code) : null;

  return (
    <>
      <PageHeader
        title="QR Code"
        back={back}
        description={menu.data ? `${menu.data.name} · ${establishmentName}` : <Skeleton h={16} w={240} mt={4} />}
      />
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
              <Text ta="center" fw={600} ff="Georgia, serif" fz="lg" mt="sm">
                {establishmentName}
              </Text>
            )}
            <Text ta="center" size="sm" c="dimmed">
              Aponte a câmera do celular para abrir a carta
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
                  Use o PNG em telas e mensagens. Para imprimir em mesas, cardápios e adesivos, prefira o SVG: ele não perde qualidade em
                  nenhum tamanho.
                </Text>
                <Group gap="sm">
                  <Button
                    leftSection={<IconDownload size={18} />}
                    disabled={!src || !menu.data}
                    onClick={() => src && downloadUrl(src, `${fileBase}.png`)}
                  >
                    Baixar QR Code
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconPrinter size={18} />}
                    onClick={downloadSvg}
                    loading={svgLoading}
                    disabled={!menu.data}
                  >
                    Baixar SVG para impressão
                  </Button>
                </Group>
                <Text size="xs" c="dimmed">
                  Arquivo: {fileBase}.png
                </Text>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
