import { Button } from '@mantine/core';
import { IconEdit, IconExternalLink, IconQrcode } from '@tabler/icons-react';
import { Link } from 'react-router';
import { publicMenuPath } from '../../shared/public-menu';

interface MenuRef {
  id: string;
  slug: string | null;
  establishment_slug: string | null;
}

/** Editar, QR code and Visualizar (the public page, in a new tab) for one menu in a list. */
export function MenuLinkButtons({ menu, canEdit = true }: { menu: MenuRef; canEdit?: boolean }) {
  return (
    <>
      {canEdit && (
        <Button component={Link} to={`/carta/${menu.id}/editar`} size="xs" variant="default" leftSection={<IconEdit size={14} />}>
          Editar
        </Button>
      )}
      <Button component={Link} to={`/carta/${menu.id}/qr`} size="xs" variant="default" leftSection={<IconQrcode size={14} />}>
        QR code
      </Button>
      <Button
        component="a"
        href={publicMenuPath({ slug: menu.establishment_slug }, menu)}
        target="_blank"
        rel="noopener"
        size="xs"
        variant="light"
        leftSection={<IconExternalLink size={14} />}
      >
        Visualizar
      </Button>
    </>
  );
}
