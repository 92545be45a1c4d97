/** Shown in the More panel and under login; fixed rather than computed so screenshots and tests are stable. */
export const COPYRIGHT_YEAR = 2026;
