/** @module How a user is named in the interface: first and last name, else the e-mail address. */
export function displayName(user: { firstName: string | null; lastName: string | null; email: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}
