import { Stack } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoadError, PageLoader } from '../../ui/PageStates';
import { useAccount } from './account-api';
import { ChangePasswordSection } from './ChangePasswordSection';
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
        <ChangePasswordSection email={account.data.email} />
        <NotificationsSection account={account.data} />
      </Stack>
    </>
  );
}
