// Request bodies of the sign-up forms, filled in as a person would.

/** The email account form (POST /v1/auth/register) of Pat Lee, a customer unless `role` says so. */
export const accountForm = (email: string, phone: string, role: 'customer' | 'provider' = 'customer') => ({
  first_name: 'Pat',
  last_name: 'Lee',
  email,
  mobile_no: phone,
  password: 'Secret123',
  password_again: 'Secret123',
  role,
  terms: true,
});
