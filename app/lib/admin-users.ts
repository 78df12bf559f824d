/** The users page's view of an account (components/admin/users). */
export interface AdminUserRow {
  id: string;
  email: string;
  dealsCount: number;
  lastLoginAt: Date | null;
  isAdmin: boolean;
}
