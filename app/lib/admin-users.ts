/** The users page's view of an account (components/admin/users). */
export interface AdminUserRow {
  id: string;
  email: string;
  /** The account confirmed its e-mail address (or a provider vouched for it). */
  emailVerified: boolean;
  dealsCount: number;
  lastLoginAt: Date | null;
  isAdmin: boolean;
}
