// Member sign-in, sign-up and account pages.

/** Headings, labels and links of the member sign-in and account pages (our wording where none is fixed). */
export const authText = {
  // Headings
  register: 'Register',
  verifyOtp: 'Verify OTP',
  signUp: 'Sign Up',
  emailLogin: 'Log in with email',
  verifyAccount: 'Verify your account',
  forgotPassword: 'Forgot Password',
  updatePassword: 'Update Password',
  // Labels
  phoneNumber: 'Phone number',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  firstName: 'First Name',
  lastName: 'Last Name',
  phoneNo: 'Phone no.',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm password',
  signUpAs: 'Sign up as',
  provider: 'Provider',
  customer: 'Customer',
  /** 'I accept the terms and conditions', with the last words a link to the terms. */
  acceptTermsLead: 'I accept the',
  acceptTermsLink: 'terms and conditions',
  referralCode: 'Referral code',
  // Buttons and links
  createAccount: 'Create an account',
  loginWithEmail: 'Log in with email',
  loginWithPhone: 'Log in with phone',
  forgotPasswordLink: 'Forgot password?',
  haveAccount: 'Already have an account?',
  sendOtp: 'Send OTP',
  pleaseWait: 'Please wait…',
  startAgain: 'Start again',
  useOtherEmail: 'Use a different email',
  verifyEmailLink: 'Verify your email',
  enterCode: 'Enter the code',
  requestNewCode: 'Request a new code',
  // Code pages
  codeSentTo: 'We sent a code to',
  resendIn: 'You can request a new code in',
  missingPhone: 'We do not know which phone number to verify. Please start again.',
  missingEmail: 'We do not know which email to verify. Please start again.',
  missingReset: 'This link is incomplete. Please request a new code.',
} as const;

/** The mails that carry an email account's code (ours). */
export const authMailText = {
  codeIs: (code: string, minutes: number) => `Your Doorstep code is ${code}. It expires in ${minutes} minutes.`,
  ignore: 'If you did not ask for it, you can ignore this mail.',
  verify_email: {
    subject: 'Verify your Doorstep account',
    heading: 'Verify your email',
    lead: 'Enter this code on the verification page to finish creating your account.',
    action: 'Enter the code',
  },
  change_email: {
    subject: 'Confirm your new Doorstep email',
    heading: 'Confirm your new email',
    lead: 'Enter this code on your profile to use this email for your Doorstep account. Until then your account keeps its old email.',
    action: 'Open your profile',
  },
  reset_password: {
    subject: 'Reset your Doorstep password',
    heading: 'Reset your password',
    lead: 'Enter this code with your new password, or open the link below.',
    action: 'Set a new password',
  },
} as const;

/**
 * A sign-up that names a phone or email another account has proven answers as any sign-up does
 * (it must not tell who is a member): the owner is told instead, and so is the sign-up's other
 * contact, so a person who mistyped is not left waiting for a code.
 */
export const takenContactText = {
  phoneOwnerText:
    'Someone tried to sign up for Doorstep with this number, which already has an account. If it was you, sign in with this number instead. If not, you can ignore this text.',
  emailOwner: {
    subject: 'You already have a Doorstep account',
    heading: 'You already have an account',
    lead: 'Someone tried to sign up for Doorstep with this email, which already has an account. If it was you, sign in instead, or set a new password if you forgot it.',
    action: 'Sign in',
  },
  phoneOfOtherText:
    'We could not finish your Doorstep sign-up: the email you gave belongs to another account. Sign in with it, or sign up again with your own email.',
  emailOfOther: {
    subject: 'Your Doorstep sign-up was not finished',
    heading: 'Your sign-up was not finished',
    lead: 'The phone number you gave belongs to another account. If it is yours, sign in with it; otherwise sign up again with your own number.',
    action: 'Sign in',
  },
} as const;

/** An administrator's password reset by a mailed link (our wording). */
export const adminResetText = {
  forgotLink: 'Forgot password?',
  forgotHeading: 'Reset the administrator password',
  forgotLead: 'Enter the administrator email. A link to set a new password goes to it, if it is an administrator’s.',
  sendLink: 'Send link',
  linkSent:
    'If an administrator has this email, a link to set a new password is on its way. It works for 30 minutes, once.',
  backToLogin: 'Back to login',
  resetHeading: 'Set a new administrator password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  savePassword: 'Save password',
  linkInvalid: 'This link is not valid any more: it was used, or its 30 minutes are over. Ask for a new one.',
  tokenInvalid: 'This link is not complete. Open it again from the mail.',
  mailHeading: 'Set a new administrator password',
  mailLead:
    'Someone asked to set a new password for this administrator account. The link works for 30 minutes, once. If it was not you, ignore this mail: the password stays as it is.',
  mailAction: 'Set a new password',
} as const;

/** An administrator's authenticator app (TOTP) and recovery codes (our wording). */
export const adminTotpText = {
  codeHeading: 'Two-step sign-in',
  codeLead: 'Enter the 6-digit code your authenticator app shows for Doorstep.',
  codeLabel: 'Code from the app',
  recoveryLead: 'Lost the phone with the app? Enter one of your recovery codes instead.',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code',
  useApp: 'Use the authenticator app',
  verify: 'Verify',
  codeRequired: 'Enter the code.',
  codeFormat: 'Enter the 6 digits the app shows.',
  codeWrong: 'This code is not right. Check the app and try again.',
  recoveryWrong: 'This recovery code is not right, or it was used already.',
  ticketInvalid: 'This sign-in has ended. Enter your email and password again.',
  tooManyWrongCodes: 'Too many wrong codes for this account. Please wait an hour and try again.',
  enrolHeading: 'Set up two-step sign-in',
  enrolLead:
    'Every administrator signs in with a code from an authenticator app. Scan this QR code with the app (Google Authenticator, Microsoft Authenticator, 1Password or another), then enter the code it shows.',
  qrAlt: 'QR code to add Doorstep to an authenticator app',
  openInApp: 'On this phone? Open it in the authenticator app',
  secretLabel: 'Or type this key into the app',
  recoveryHeading: 'Save your recovery codes',
  recoveryCodesLead:
    'Each code signs you in once if you lose the phone with the app. Keep them somewhere safe, such as a password manager. They are shown only now.',
  copyCodes: 'Copy codes',
  codesCopied: 'Recovery codes copied',
  copyFailed: 'Could not copy. Select the codes and copy them yourself.',
  savedCodes: 'I have saved these codes',
  settingsHeading: 'Sign-in security',
  enrolSettingsLead:
    'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password or another), then enter the code it shows.',
  settingsLead:
    'A code from an authenticator app on your phone, after your password, keeps your account safe even if the password leaks.',
  statusOn: 'Two-step sign-in is on.',
  statusOff: 'Two-step sign-in is off.',
  required: 'Every administrator must use it on this server.',
  codesLeft: (n: number) => `${n} unused recovery ${n === 1 ? 'code' : 'codes'} left.`,
  turnOn: 'Turn on two-step sign-in',
  turnOff: 'Turn off two-step sign-in',
  turnOffLead: 'To turn two-step sign-in off, enter a code from the app.',
  newCodes: 'Make new recovery codes',
  newCodesLead: 'New codes replace the old ones, used or not. Enter a code from the app to make them.',
  turnedOn: 'Two-step sign-in is on',
  turnedOff: 'Two-step sign-in is off',
  codesMade: 'New recovery codes made',
  alreadyOn: 'Two-step sign-in is already on.',
  notSetUp: 'Set up two-step sign-in first.',
  cannotTurnOff: 'Two-step sign-in is required on this server: it cannot be turned off.',
  warningSubject: 'Someone may know your Doorstep password',
  warningLead:
    'Someone entered the right password for this administrator account, then wrong codes from the authenticator app. If it was not you, set a new password now: the code stopped them, but the password is no longer secret.',
  warningAction: 'Set a new password',
} as const;
