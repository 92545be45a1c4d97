import { ROUTES } from '@rounds/contracts/routes';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useGroupModal } from '../../lib/group-modal-store';

/**
 * /group (spec doc 1 section 2) opens the group modal in create mode over Recent, the same modal as the
 * navigation's Group item, rather than a page of its own: one place to create a group, and closing it leaves
 * the user on the home screen. The address is replaced, so Back does not reopen it.
 */
export function GroupRoute() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    useGroupModal.getState().open({ mode: 'create' });
    navigate({ pathname: ROUTES.recent, search }, { replace: true });
  }, [navigate, search]);
  return null;
}
