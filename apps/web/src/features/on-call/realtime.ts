import { SERVER_EVENTS } from '@rounds/contracts/events';
import { i18n } from '../../lib/i18n';
import { onSocketConnect, subscribe } from '../../lib/socket';
import { showToast } from '../../lib/toast';
import { invalidateDutyRoles } from './api/get-duty-roles';
import { invalidateEscalation } from './api/get-escalation-timeline';
import './texts';

/**
 * On-call roles from the server: any change of a role's holders or name refetches the lists on screen
 * (DutyRoleChanged), and a holder someone took the role over from is told, with the handover note. An URGENT
 * message's escalation timeline is read again when its chain moves (EscalationChanged) or a reminder went out
 * (ImportantMarked); the Admins are told when a deactivated holder leaves a role to its escalation target.
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
    subscribe(SERVER_EVENTS.EscalationChanged, (event) => void invalidateEscalation(event.messageId)),
    subscribe(SERVER_EVENTS.ImportantMarked, (event) => void invalidateEscalation(event.message.id)),
    subscribe(SERVER_EVENTS.DutyRoleUncovered, (event) => {
      const vars = { role: event.roleName, target: event.fallsTo ?? '', ns: 'on-call' } as const;
      const key = event.fallsTo ? 'escalation.uncovered' : 'escalation.uncoveredNoTarget';
      showToast(i18n.t(key, vars), 'warning', { autoClose: 30_000 });
    }),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
