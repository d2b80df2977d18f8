import { isRouteErrorResponse, useRouteError } from 'react-router';
import { DeadEnd } from './DeadEnd';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <DeadEnd title={notFound ? 'Página não encontrada' : 'Algo deu errado'} fullHeight>
      {notFound ? 'O endereço que você abriu não existe no painel.' : 'Recarregue a página. Se o problema continuar, tente mais tarde.'}
    </DeadEnd>
  );
}

/** Inside the admin layout: an address no screen answers. */
export function NotFoundPage() {
  return <DeadEnd title="Página não encontrada">O endereço que você abriu não existe no painel.</DeadEnd>;
}
