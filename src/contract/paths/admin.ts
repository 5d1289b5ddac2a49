// The back-office's sign-in and dashboard. Web routes and API paths (relative to `/v1`).

export const routes = {
  adminLogin: '/login',
  adminLoginAlt: '/Loginpage',
  dashboard: '/dashboard',
  dashboardHome: '/DashboardHome',
  sidebar: '/Sidebar',
} as const;

export const api = {
  adminDashboard: '/admin/dashboard',
} as const;
