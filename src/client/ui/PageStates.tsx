import { Center, Loader } from '@mantine/core';
import { LoadErrorAlert } from './ListStates';
import { PageHeader } from './PageHeader';

/** A spinner in place of a page whose record is still loading. */
export function PageLoader() {
  return (
    <Center mih="40vh">
      <Loader />
    </Center>
  );
}

interface PageLoadErrorProps {
  /** The page's header, so the way back stays. */
  title: string;
  back: { to: string; label: string };
  /** The banner's headline, e.g. "Não foi possível abrir o pedido". */
  failTitle: string;
  error: unknown;
}

/** A page whose record could not be opened: its header, then why. */
export function PageLoadError({ title, back, failTitle, error }: PageLoadErrorProps) {
  return (
    <>
      <PageHeader title={title} back={back} />
      <LoadErrorAlert title={failTitle} error={error} />
    </>
  );
}
