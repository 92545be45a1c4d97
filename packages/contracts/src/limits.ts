/** The spec's business constants (doc 1 section 9, doc 2 section 9). One place, imported by server and web. */
export const LIMITS = {
  requestTimeoutMs: 60_000,
  textMaxLength: 100,
  passwordMinLength: 6,
  passwordMaxLength: 256,
  verificationCodeLength: 6,
  resendCountdownSeconds: 10,
  avatarMaxBytes: 2 * 1024 * 1024,
  chatFilesMax: 10,
  chatFileMaxBytes: 10 * 1024 * 1024,
  chatFilesTotalMaxBytes: 10 * 1024 * 1024,
  voiceMaxSeconds: 60,
  messageFetchDefault: 100,
  messagePreviewMax: 256,
  lastMessageSnippetMax: 40,
  groupNameMax: 100,
  bannerMaxLength: 500,
  bannerStaticMaxLength: 30,
  csvMaxBytes: 2_000_000,
  logoMaxBytes: 10_485_760,
  sessionTimeoutMaxMinutes: 100_000,
  linkedMessageIdLength: 24,
  passwordPolicyFrequencyDefault: 90,
  maxImagesPerMessage: 6,
  typingNamesMax: 3,
} as const;

export const TIMINGS = {
  socketPingMs: 25_000,
  reconnectDelayMinMs: 500,
  reconnectDelayMaxMs: 2_000,
  awayAfterMs: 300_000,
  offlineCleanupMs: 2_000,
  incomingCallAutoDeclineMs: 60_000,
  forcedLogoutDelayMs: 10_000,
  postDeclineReloadMs: 1_500,
  searchDebounceMs: 500,
  readMarkerDelayMs: 500,
  markAsReadDebounceMs: 4_000,
  draftSaveMs: 500,
  contactClickThrottleMs: 5_000,
  toastMs: 10_000,
  uploadBannerMs: 4_000,
} as const;

/** The API prefix and the socket path, part of the contract. */
export const API_PREFIX = '/api/v1';
export const SOCKET_PATH = '/server/socket.io';
export const LOGOS_PATH = '/logos';
