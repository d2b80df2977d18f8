import type { ActionOf, Area } from '../../shared/access-policy';
import { usePolicy } from './use-can';

/** The areas whose rows can be created, edited and deleted. */
type WriteArea = { [A in Area]: 'create' | 'update' | 'delete' extends ActionOf<A> ? A : never }[Area];

/** May the session user create, edit and delete in this area? A list screen's three questions, asked at once. */
export function useWriteRights<A extends WriteArea>(area: A) {
  const canDo = usePolicy();
  const may = (action: 'create' | 'update' | 'delete') => canDo(area, action as ActionOf<A>);
  return { canCreate: may('create'), canUpdate: may('update'), canDelete: may('delete') };
}
