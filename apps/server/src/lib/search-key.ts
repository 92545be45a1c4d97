/**
 * The text the directory search matches: both name orders and the email, lowercased. Stored on users and
 * rewritten by every write that changes a name or an email (the migration computes it the same way).
 */
export function searchKey(firstName: string, lastName: string, email: string): string {
  return `${firstName} ${lastName} ${lastName} ${firstName} ${email}`.toLowerCase();
}
