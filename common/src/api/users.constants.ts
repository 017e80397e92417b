/** Issue 15: bounds of the plain-text profile fields (zod-free, for the web's first load). */
export const PROFILE_TITLE_MAX_LENGTH = 100;
export const PROFILE_LOCATION_MAX_LENGTH = 100;
export const PROFILE_ABOUT_MAX_LENGTH = 1000;
