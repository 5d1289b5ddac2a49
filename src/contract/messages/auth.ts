// Member sign-in, sign-up and account pages.

/** Headings, labels and links of the member sign-in and account pages (ours where the specs show none). */
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
  reset_password: {
    subject: 'Reset your Doorstep password',
    heading: 'Reset your password',
    lead: 'Enter this code with your new password, or open the link below.',
    action: 'Set a new password',
  },
} as const;

/** An administrator's password reset by a mailed link (ours: the specs show none). */
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
