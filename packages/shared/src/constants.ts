/** Business constants and limits from spec section 9, shared by both sides. */
export const APP_BASE = "/portal";
export const TOAST_AUTO_CLOSE_MS = 5000;
export const CHUNK_TIMEOUT_MS = 120_000;
export const PERSIST_TIMEOUT_MS = 5000;
export const BREAKPOINT_MOBILE_PX = 992;
export const BREAKPOINT_WIDE_PX = 1400;
export const PERSIST_PREFIX = "persist:";
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
