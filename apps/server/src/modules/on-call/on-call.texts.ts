import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of on-call duty roles, in en and fr (lib/texts.ts: the mechanism). */
export const ON_CALL_TEXTS = defineTexts({
  dutyRoleNotFound: {
    en: 'This on-call role does not exist or was retired.',
    fr: 'Ce rôle de garde n’existe pas ou a été retiré.',
  },
  dutyRoleNameTaken: {
    en: 'This facility already has a role with this name.',
    fr: 'Cet établissement a déjà un rôle portant ce nom.',
  },
  unknownTimeZone: { en: 'unknown time zone', fr: 'fuseau horaire inconnu' },
  roleHeld: {
    en: '{role} is held by {names}. Take it over, or hold it with them?',
    fr: '{role} est tenu par {names}. Le reprendre, ou le tenir avec eux ?',
  },
  notRoleFacility: {
    en: 'You can only take the roles of your own facilities.',
    fr: 'Vous ne pouvez prendre que les rôles de vos établissements.',
  },
  ownFacilityRolesOnly: {
    en: 'You can only manage the roles of your own facilities.',
    fr: 'Vous ne pouvez gérer que les rôles de vos établissements.',
  },
  shiftEndsBeforeStart: { en: 'the shift must end after it starts', fr: 'la garde doit finir après son début' },
  shiftTooLong: { en: 'a shift lasts at most 7 days', fr: 'une garde dure au plus 7 jours' },
  rotationNoWeekday: { en: 'choose at least one day', fr: 'choisissez au moins un jour' },
  rotationUntilBeforeFrom: {
    en: 'the end date is before the start date',
    fr: 'la date de fin précède la date de début',
  },
  unknownPerson: { en: 'unknown person', fr: 'personne inconnue' },
  unknownDutyRole: { en: 'no role {name} in your facilities', fr: 'aucun rôle {name} dans vos établissements' },
  unknownEmail: { en: 'no user with the email {email}', fr: 'aucun utilisateur avec l’adresse {email}' },
  badLocalDateTime: {
    en: '{field} must be a date and time YYYY-MM-DD HH:MM',
    fr: '{field} doit être une date et une heure AAAA-MM-JJ HH:MM',
  },
  dutyRoleRetired: { en: 'Role retired', fr: 'Rôle retiré' },
  nobodyHoldsRole: { en: 'Nobody holds {role} now', fr: 'Personne ne tient {role} en ce moment' },
  nobodyHoldsRoleGoesTo: {
    en: 'Nobody holds {role} now; it will go to {target}',
    fr: 'Personne ne tient {role} en ce moment ; le message ira à {target}',
  },
  escalationSelf: {
    en: 'a step cannot alert the role it escalates from',
    fr: 'une étape ne peut pas alerter le rôle dont elle part',
  },
  escalationLoop: {
    en: 'Step {step} leads back to {role} through {path}: the chain would never end.',
    fr: 'L’étape {step} ramène à {role} en passant par {path} : la chaîne ne finirait jamais.',
  },
  escalationPending: {
    en: 'An URGENT message to or through this role is still escalating. Retire it once its chain has ended.',
    fr: 'Un message URGENT adressé à ce rôle ou passant par lui est encore en escalade. Retirez-le une fois sa chaîne terminée.',
  },
  escalationNotFound: {
    en: 'This message has no escalation chain.',
    fr: 'Ce message n’a pas de chaîne d’escalade.',
  },
  escalationSenderOrOwner: {
    en: 'Only the sender and the conversation’s owner see the escalation.',
    fr: 'Seuls l’expéditeur et le propriétaire de la conversation voient l’escalade.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof ON_CALL_TEXTS> {}
}
