import { SERVER_EVENTS } from '@rounds/contracts/events';
import { i18n } from '../../lib/i18n';
import { onSocketConnect, subscribe } from '../../lib/socket';
import { showToast } from '../../lib/toast';
import { invalidateDutyRoles } from './api/get-duty-roles';
import './texts';

/**
 * On-call roles from the server: any change of a role's holders or name refetches the lists on screen
 * (DutyRoleChanged), and a holder someone took the role over from is told, with the handover note.
 */
export function onDutyRoles(): () => void {
  const refetch = () => void invalidateDutyRoles();
  const off = [
    subscribe(SERVER_EVENTS.DutyRoleChanged, refetch),
    onSocketConnect(refetch),
    subscribe(SERVER_EVENTS.DutyRoleTakenOver, (event) => {
      const vars = { name: event.byName, role: event.roleName, note: event.note ?? '', ns: 'on-call' } as const;
      showToast(i18n.t(event.note ? 'toast.takenOverNote' : 'toast.takenOver', vars), 'warning', { autoClose: 15_000 });
    }),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
