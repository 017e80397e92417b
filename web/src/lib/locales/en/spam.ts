/** English strings of the spam defence (issue 17): the register form's honeypot (the settings' are in admin.ts). */
export const spamEn: Readonly<Record<string, string>> = {
  'Leave this field empty': 'Leave this field empty',
};
