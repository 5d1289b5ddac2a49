// The back-office's sign-in and dashboard. Web routes and API paths (relative to `/v1`).

export const routes = {
  adminLogin: '/login',
  adminLoginAlt: '/Loginpage',
  adminForgotPassword: '/admin/forgot-password',
  adminResetPassword: '/admin/reset-password',
  adminSecurity: '/admin/security',
  dashboard: '/dashboard',
  dashboardHome: '/DashboardHome',
  sidebar: '/Sidebar',
} as const;

export const api = {
  adminDashboard: '/admin/dashboard',
  adminForgotPassword: '/auth/admin/forgot-password',
  adminResetPassword: '/auth/admin/reset-password',
  adminSecondStep: '/auth/admin/second-step',
  adminTotp: '/admin/totp',
  adminTotpSetup: '/admin/totp/setup',
  adminTotpEnable: '/admin/totp/enable',
  adminTotpDisable: '/admin/totp/disable',
  adminTotpRecoveryCodes: '/admin/totp/recovery-codes',
} as const;
