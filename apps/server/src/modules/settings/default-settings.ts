import type { TMfaPolicy } from '@rounds/contracts/mfa';
import type { TPushContentLevel } from '@rounds/contracts/push';
import { QUICK_LOCK_DEFAULT_MINUTES } from '@rounds/contracts/quick-unlock';
import type { TBannerMessage, TLocalizedText, TLogoKind, TPasswordUpdate } from '@rounds/contracts/settings';

/** Logo files shipped in apps/server/assets/logos; an Admin's upload replaces the file name. */
export const DEFAULT_LOGOS: Record<TLogoKind, string> = {
  whiteLogoBig: 'white-logo-big.svg',
  squareLogo: 'square-logo.svg',
  squareLogoDark: 'square-logo-dark.svg',
  recentLogo: 'recent-logo.svg',
  recentLogoDark: 'recent-logo-dark.svg',
  moreLogo: 'more-logo.svg',
  moreLogoDark: 'more-logo-dark.svg',
  aboutUsHeader: 'about-us-header.svg',
};

const ABOUT_EN = `<h2>About Rounds</h2>
<p>Rounds is secure messaging and calling for clinical teams. Nurses, physicians and staff find colleagues by facility, department, clinical role and specialty, chat one-to-one and in groups, share images, files and voice notes, and call by voice, video or screen share.</p>
<p>When a message matters to a patient, mark it <strong>urgent</strong>: Rounds tells you who received it and who acknowledged it, and escalates by SMS to those who are away.</p>
<p>Your administrator can change this text in the Administration area.</p>`;

const ABOUT_FR = `<h2>À propos de Rounds</h2>
<p>Rounds est la messagerie et la téléphonie sécurisées des équipes soignantes. Infirmiers, médecins et personnels trouvent leurs collègues par établissement, service, profession et spécialité, échangent en tête-à-tête ou en groupe, partagent images, fichiers et messages vocaux, et s'appellent en audio, en vidéo ou en partage d'écran.</p>
<p>Quand un message compte pour un patient, marquez-le <strong>urgent</strong> : Rounds vous dit qui l'a reçu et qui en a accusé réception, et relance par SMS les absents.</p>
<p>Votre administrateur peut modifier ce texte dans l'espace d'administration.</p>`;

const INFO_EN = `<h2>Information</h2>
<p>Use Rounds for work communication only. Do not share patient information outside your care team.</p>
<ul><li>Mark messages that need action as <strong>important</strong> or <strong>urgent</strong>.</li><li>Acknowledge urgent messages as soon as you have read them.</li><li>Set your status to <em>Do not disturb</em> during procedures.</li></ul>
<p>For help, contact your facility administrator.</p>`;

const INFO_FR = `<h2>Informations</h2>
<p>Utilisez Rounds uniquement pour les échanges professionnels. Ne partagez pas d'informations sur les patients en dehors de votre équipe de soins.</p>
<ul><li>Marquez les messages qui demandent une action comme <strong>importants</strong> ou <strong>urgents</strong>.</li><li>Accusez réception des messages urgents dès que vous les avez lus.</li><li>Passez votre statut à <em>Ne pas déranger</em> pendant les soins.</li></ul>
<p>Pour toute aide, contactez l'administrateur de votre établissement.</p>`;

export type StoredSettings = {
  logos: Record<TLogoKind, string>;
  aboutUsText: TLocalizedText;
  informationText: TLocalizedText;
  bannerMessage: TBannerMessage;
  passwordUpdate: TPasswordUpdate;
  isSelfRegistrationEnabled: boolean;
  /** Default session timeout in minutes for users without their own. */
  sessionTimeout: number;
  /** Minutes of idleness before the screen locks for users with a quick-unlock PIN (issue 26); 0: never. */
  quickLockMinutes: number;
  /** What a push notification may say (issue 24): names by default, never the text unless an Admin says so. */
  pushContentLevel: TPushContentLevel;
  /** Single sign-on is the only way in (issue 26): password sign-in is refused but for the break-glass Admin. */
  ssoOnly: boolean;
  /** Who must sign in with a second factor (issue 26): Admins and FacilityAdmins unless an Admin says otherwise. */
  mfaPolicy: TMfaPolicy;
};

export const DEFAULT_SETTINGS: StoredSettings = {
  logos: DEFAULT_LOGOS,
  aboutUsText: { en: ABOUT_EN, fr: ABOUT_FR },
  informationText: { en: INFO_EN, fr: INFO_FR },
  bannerMessage: { text_en: '', text_fr: '', show: false },
  passwordUpdate: { lastUpdate: null, active: false, frequency: 90, period: 'day', changed: false },
  isSelfRegistrationEnabled: true,
  sessionTimeout: 60,
  quickLockMinutes: QUICK_LOCK_DEFAULT_MINUTES,
  pushContentLevel: 'names',
  ssoOnly: false,
  mfaPolicy: 'admins',
};
