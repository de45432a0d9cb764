import type { User } from "../../api/contract.ts";

/** Users whose client user ID or user ID holds the text, ignoring case; all of them for no text. */
export function filterUsers(users: User[], text: string): User[] {
  const needle = text.trim().toLowerCase();
  if (needle === "") return users;
  return users.filter((u) => u.client_user_id.toLowerCase().includes(needle) || u.user_id.toLowerCase().includes(needle));
}
