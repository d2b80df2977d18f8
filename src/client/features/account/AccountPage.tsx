import { Stack } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoadError, PageLoader } from '../../ui/PageStates';
import { useAccount } from './account-api';
import { NotificationsSection } from './NotificationsSection';
import { ProfileSection } from './ProfileSection';

const TITLE = 'Minha conta';

/** /conta: every signed-in person's own data, password and e-mail choices. */
export function AccountPage() {
  const account = useAccount();
  if (account.isPending) return <PageLoader />;
  if (account.isError)
    return (
      <PageLoadError
        title={TITLE}
        back={{ to: '/', label: 'Início' }}
        failTitle="Não foi possível abrir a sua conta"
        error={account.error}
      />
    );
  return (
    <>
      <PageHeader title={TITLE} description="Seus dados de acesso, a sua senha e os e-mails que você recebe." />
      <Stack gap="lg" maw={720}>
        <ProfileSection account={account.data} />
        <NotificationsSection account={account.data} />
      </Stack>
    </>
  );
}
