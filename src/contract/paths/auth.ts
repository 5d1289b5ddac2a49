// Signing in and up, for members and administrators. Web routes and API paths (relative to `/v1`).

export const routes = {
  userLogin: '/userlogin',
  loginOtp: '/loginotp',
  userSignup: '/usersignup',
  userOtp: '/userotp',
  signup: '/signup',
  customerLogin: '/email-login',
  verifyAccount: '/verify-account',
  forgotPassword: '/forgot-password',
  resetUpdate: '/reset-password',
  updatePassword: '/update-password',
  emailSent: '/email-sent',
} as const;

export const api = {
  memberSignup: '/members/signup',
  verifyOtp: '/auth/verify-otp',
  sendLoginOtp: '/user/login/send-otp',
  memberLogin: '/members/login',
  logout: '/auth/logout',
  me: '/auth/me',
  adminLogin: '/auth/adminlogin',
  sendPhoneProof: '/auth/phone/send-code',
  provePhone: '/auth/phone/verify',
  changeContact: '/auth/contact/change',
  confirmContact: '/auth/contact/confirm',
  emailRegister: '/auth/register',
  emailLogin: '/auth/login',
  sendVerifyOtp: '/auth/send-verify-otp',
  verifyEmail: '/auth/verify-email',
  forgotPassword: '/ForgotPassword',
  verifyResetOtp: '/auth/verify-reset-otp',
  resetPassword: '/auth/reset-password',
  updatePassword: '/auth/update-password',
  devOutbox: '/dev/outbox',
} as const;
