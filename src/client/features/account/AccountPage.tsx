import { Stack } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoadError, PageLoader } from '../../ui/PageStates';
import { useAccount } from './account-api';
import { ChangePasswordSection } from './ChangePasswordSection';
import { NotificationsSection } from './NotificationsSection';
import { PasskeysSection } from './PasskeysSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';
import { TwoStepPolicySection } from './TwoStepPolicySection';
import { TwoStepSection } from './TwoStepSection';

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
      <PageHeader
        title={TITLE}
        description="Seus dados de acesso, a sua senha, a verificação em duas etapas, as sessões abertas e os e-mails que você recebe."
      />
      <Stack gap="lg" maw={720}>
        <ProfileSection account={account.data} />
        <ChangePasswordSection email={account.data.email} />
        <TwoStepSection />
        <PasskeysSection />
        <SessionsSection />
        {account.data.role === 'admin' && <TwoStepPolicySection />}
        <NotificationsSection account={account.data} />
      </Stack>
    </>
  );
}
