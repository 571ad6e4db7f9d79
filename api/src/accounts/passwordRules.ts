/**
 * Spec 000 §5 lists the server's password rules without numbers; these are ours (docs/accounts.md).
 * Each broken rule yields its own message key so the client can show every problem at once.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_DISTINCT_CHARACTERS = 4;

export type PasswordRuleKey =
  | 'password_too_short'
  | 'password_too_long'
  | 'password_requires_non_alphanumeric'
  | 'password_requires_upper'
  | 'password_requires_lower'
  | 'password_requires_digit'
  | 'password_requires_unique_chars';

export function passwordProblems(password: string): PasswordRuleKey[] {
  const problems: PasswordRuleKey[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push('password_too_short');
  if (length > PASSWORD_MAX_LENGTH) problems.push('password_too_long');
  if (!/[^\p{L}\p{N}]/u.test(password)) problems.push('password_requires_non_alphanumeric');
  if (!/\p{Lu}/u.test(password)) problems.push('password_requires_upper');
  if (!/\p{Ll}/u.test(password)) problems.push('password_requires_lower');
  if (!/\p{Nd}/u.test(password)) problems.push('password_requires_digit');
  if (new Set(password).size < PASSWORD_MIN_DISTINCT_CHARACTERS) problems.push('password_requires_unique_chars');
  return problems;
}
