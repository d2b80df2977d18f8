import type { ReactNode } from 'react';
import type { useChosenEstablishment } from '../lib/use-chosen-establishment';
import { EmptyState } from './EmptyState';
import { EstablishmentChoice } from './EstablishmentChoice';
import { LoadErrorAlert } from './ListStates';
import { PageHeader, type PageHeaderProps } from './PageHeader';
import { PageLoader } from './PageStates';

type Chosen = ReturnType<typeof useChosenEstablishment>;

interface Props {
  /** What useChosenEstablishment answered. */
  chosen: Chosen;
  /** The screen's header; the choice of establishment sits under it for someone who has several. */
  header: Omit<PageHeaderProps, 'children'>;
  /** What a user with no establishment is told, under "Nenhum estabelecimento". */
  empty: { icon: ReactNode; text: ReactNode };
  children(establishment: NonNullable<Chosen['establishment']>): ReactNode;
}

/** A screen of one establishment: a spinner while the list loads, why it failed, that there is none, or the screen. */
export function EstablishmentScreen({ chosen, header, empty, children }: Props) {
  const { establishments, list, establishment, choose } = chosen;
  if (establishments.isPending) return <PageLoader />;
  return (
    <>
      <PageHeader {...header}>
        <EstablishmentChoice list={list} value={establishment?.id ?? ''} onChange={choose} />
      </PageHeader>
      {establishments.isError ? (
        <LoadErrorAlert title="Não foi possível carregar os estabelecimentos" error={establishments.error} />
      ) : establishment === null ? (
        <EmptyState icon={empty.icon} title="Nenhum estabelecimento">
          {empty.text}
        </EmptyState>
      ) : (
        children(establishment)
      )}
    </>
  );
}
