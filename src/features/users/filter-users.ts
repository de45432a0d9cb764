import type { User } from "../../api/contract.ts";

/**
 * Users whose client user ID or user ID holds the text, folded by `fold` on both sides
 * (`foldForSearch`: case, accents and compatibility forms); all of them for no text, or text the
 * fold empties (a zero-width space).
 */
export function filterUsers(users: User[], text: string, fold: (text: string) => string): User[] {
  const needle = fold(text.trim());
  if (needle === "") return users;
  return users.filter((u) => fold(u.client_user_id).includes(needle) || fold(u.user_id).includes(needle));
}
