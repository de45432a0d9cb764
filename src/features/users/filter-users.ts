import type { User } from "../../api/contract.ts";
import { foldForSearch } from "./whole-team/fold-text.ts";

/**
 * Users whose client user ID or user ID holds the text, ignoring case, accents and compatibility
 * forms (`foldForSearch`); all of them for no text, or text the Collator ignores (a zero-width space).
 */
export function filterUsers(users: User[], text: string): User[] {
  const needle = foldForSearch(text.trim());
  if (needle === "") return users;
  return users.filter((u) => foldForSearch(u.client_user_id).includes(needle) || foldForSearch(u.user_id).includes(needle));
}
