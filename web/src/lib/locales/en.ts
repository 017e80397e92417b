import { layoutsEn } from './en/layouts.ts';
import { discussionsEn } from './en/discussions.ts';
import { commentsEn } from './en/comments.ts';
import { draftsEn } from './en/drafts.ts';
import { reactionsEn } from './en/reactions.ts';
import { editorEn } from './en/editor.ts';
import { categoriesEn } from './en/categories.ts';
import { adminEn } from './en/admin.ts';
import { notificationsEn } from './en/notifications.ts';
import { conversationsEn } from './en/conversations.ts';
import { logsEn } from './en/logs.ts';
import { reportsEn } from './en/reports.ts';
import { searchEn } from './en/search.ts';
import { usersEn } from './en/users.ts';
import { usersDashboardEn } from './en/users-dashboard.ts';
import { rolesEn } from './en/roles.ts';
import { escalationsEn } from './en/escalations.ts';
import { spamEn } from './en/spam.ts';

/**
 * The English pack: every UI string keyed by its English spec text (CONVENTIONS §7). English maps
 * each key to itself; other locales translate the values. `en.test.ts` checks that every literal
 * `t()` key of the web app is listed here. It is the translators' list, not shipped to browsers:
 * `t()` shows the key itself when a locale has no translation, which for English is the text.
 */
const coreEn: Readonly<Record<string, string>> = {
  'A confirmation email has been sent. Follow the link in it to confirm your address.':
    'A confirmation email has been sent. Follow the link in it to confirm your address.',
  'A message has been sent to your email address with password reset instructions.':
    'A message has been sent to your email address with password reset instructions.',
  'A place to ask, share and talk with the community.':
    'A place to ask, share and talk with the community.',
  Account: 'Account',
  'Already have an account?': 'Already have an account?',
  'An Error has Occured': 'An Error has Occured',
  'Are you sure you want to sign out?': 'Are you sure you want to sign out?',
  'At least {count} characters.': 'At least {count} characters.',
  'Back to Home': 'Back to Home',
  'Back to Sign In': 'Back to Sign In',
  'Back to home page': 'Back to home page',
  'Browse topics by category and follow the ones you care about.':
    'Browse topics by category and follow the ones you care about.',
  Cancel: 'Cancel',
  Categories: 'Categories',
  'Change Password': 'Change Password',
  'Choose a new password for your account.': 'Choose a new password for your account.',
  'Choose a new photo': 'Choose a new photo',
  Close: 'Close',
  'Confirm Email': 'Confirm Email',
  'Confirm New Password': 'Confirm New Password',
  'Confirm Password': 'Confirm Password',
  'Confirming your email address': 'Confirming your email address',
  Continue: 'Continue',
  'Create an account to join the conversation.': 'Create an account to join the conversation.',
  'Create an account to start discussions, comment and follow categories.':
    'Create an account to start discussions, comment and follow categories.',
  'Current Password': 'Current Password',
  Dismiss: 'Dismiss',
  "Don't have an account?": "Don't have an account?",
  'Edit Profile': 'Edit Profile',
  Email: 'Email',
  'Email/Username': 'Email/Username',
  'Enter your email address or username and we will send you a link to choose a new password.':
    'Enter your email address or username and we will send you a link to choose a new password.',
  'Forgot your password?': 'Forgot your password?',
  'Join the community': 'Join the community',
  'Keep me signed in': 'Keep me signed in',
  Loading: 'Loading',
  Main: 'Main',
  'My Account': 'My Account',
  'New Password': 'New Password',
  'Only you and moderators can see the details of your profile.':
    'Only you and moderators can see the details of your profile.',
  Page: 'Page',
  Password: 'Password',
  'Permission Problem': 'Permission Problem',
  Photo: 'Photo',
  'Please try again later.': 'Please try again later.',
  Posts: 'Posts',
  'Powered by Hearth': 'Powered by Hearth',
  'Private profile': 'Private profile',
  Profile: 'Profile',
  'Read the latest discussions and join the conversation.':
    'Read the latest discussions and join the conversation.',
  Register: 'Register',
  Reload: 'Reload',
  'Request a new password': 'Request a new password',
  'Required to change your username, email or password.':
    'Required to change your username, email or password.',
  'Resend confirmation email': 'Resend confirmation email',
  'Reset my password': 'Reset my password',
  Save: 'Save',
  'Save Password': 'Save Password',
  'Sign In': 'Sign In',
  'Sign Out': 'Sign Out',
  'Sign in to send the confirmation email again.': 'Sign in to send the confirmation email again.',
  'Signing out': 'Signing out',
  'Site Navigation': 'Site Navigation',
  'Skip to content': 'Skip to content',
  'Something went wrong while contacting the server.':
    'Something went wrong while contacting the server.',
  'Something went wrong.': 'Something went wrong.',
  'Thank you for registering. Your application will be reviewed by an administrator.':
    'Thank you for registering. Your application will be reviewed by an administrator.',
  'The passwords you entered do not match.': 'The passwords you entered do not match.',
  'The {type} you were looking for could not be found.':
    'The {type} you were looking for could not be found.',
  'There are no changes to save.': 'There are no changes to save.',
  'There was an error': 'There was an error',
  'This confirmation link is not valid.': 'This confirmation link is not valid.',
  Upload: 'Upload',
  Username: 'Username',
  'We will send a new confirmation link to {email}.':
    'We will send a new confirmation link to {email}.',
  'You are banned.': 'You are banned.',
  'You are signed in as {name}.': 'You are signed in as {name}.',
  'You can no longer take part in this community.':
    'You can no longer take part in this community.',
  'You are signed out.': 'You are signed out.',
  "You don't have permission to view this resource.":
    "You don't have permission to view this resource.",
  'You don’t have permission to change your username.':
    'You don’t have permission to change your username.',
  'Your changes have been saved.': 'Your changes have been saved.',
  'Your email address has been confirmed.': 'Your email address has been confirmed.',
  'Your email address is confirmed.': 'Your email address is confirmed.',
  'Your email address is not confirmed.': 'Your email address is not confirmed.',
  'Your password has been changed. You can now sign in with it.':
    'Your password has been changed. You can now sign in with it.',
  'Your photo has been updated.': 'Your photo has been updated.',
  'just now': 'just now',
  '{site} home': '{site} home',
  '{type} Not Found': '{type} Not Found',
  // spec 001 §8.2 messages, for the features that show them.
  'Something has gone wrong.': 'Something has gone wrong.',
  'The uploaded file was too big (max %s).': 'The uploaded file was too big (max %s).',
  'The uploaded file did not have an allowed extension. Only the following extensions are allowed. %s.':
    'The uploaded file did not have an allowed extension. Only the following extensions are allowed. %s.',
  'You must select at least 2 discussions to merge.':
    'You must select at least 2 discussions to merge.',
  'Selected discussions are already closed.': 'Selected discussions are already closed.',
  'You don’t have the edit permission on the following discussions:':
    'You don’t have the edit permission on the following discussions:',
  "You don't have the close permission on the following discussions:":
    "You don't have the close permission on the following discussions:",
  'You don’t have the delete permission on the following discussions:':
    'You don’t have the delete permission on the following discussions:',
  'Failed to load user': 'Failed to load user',
  'There was a problem bookmarking this discussion.':
    'There was a problem bookmarking this discussion.',
  'This user has been deleted.': 'This user has been deleted.',
  'This user has been banned.': 'This user has been banned.',
  "This user's profile is private.": "This user's profile is private.",
  'Deleted User': 'Deleted User',
  Banned: 'Banned',
  Private: 'Private',
  ERROR: 'ERROR',
  DELETED: 'DELETED',
  'Failed to load a required embed script': 'Failed to load a required embed script',
  'Success! Preferences saved.': 'Success! Preferences saved.',
  'Link copied to clipboard.': 'Link copied to clipboard.',
  'At least one notification method must be selected to receive notifications':
    'At least one notification method must be selected to receive notifications',
  'No Reactions Yet': 'No Reactions Yet',
  'Success. Announcement has been dismissed.': 'Success. Announcement has been dismissed.',
  'Success. Dismissal cancelled.': 'Success. Dismissal cancelled.',
  'Discussion has been muted.': 'Discussion has been muted.',
  'Discussion has been unmuted.': 'Discussion has been unmuted.',
  'Success! This post has been bumped.': 'Success! This post has been bumped.',
  'Are you sure you want to delete this discussion?':
    'Are you sure you want to delete this discussion?',
  'There was a problem loading {component}': 'There was a problem loading {component}',
  'Error Loading Fragment': 'Error Loading Fragment',
  'Not translated': 'Not translated',
  'You have unsaved changes': 'You have unsaved changes',
  'You have unsaved changes and your work will be lost. Are you sure you want to continue without saving?':
    'You have unsaved changes and your work will be lost. Are you sure you want to continue without saving?',
  'You have an unposted draft, replying to this comment will discard your draft. Are you sure you want to discard it?':
    'You have an unposted draft, replying to this comment will discard your draft. Are you sure you want to discard it?',
  'Saved Draft Available.': 'Saved Draft Available.',
  'Navigate to Draft': 'Navigate to Draft',
  'How can we help you?': 'How can we help you?',
  Search: 'Search',
};

/** The English pack: the shell's strings plus each feature's file under `./en/`. */
export const en: Readonly<Record<string, string>> = {
  ...coreEn,
  ...searchEn,
  ...layoutsEn,
  ...discussionsEn,
  ...commentsEn,
  ...draftsEn,
  ...reactionsEn,
  ...editorEn,
  ...categoriesEn,
  ...adminEn,
  ...notificationsEn,
  ...conversationsEn,
  ...logsEn,
  ...reportsEn,
  ...usersEn,
  ...usersDashboardEn,
  ...rolesEn,
  ...escalationsEn,
  ...spamEn,
};
