import { useSyncExternalStore } from "react";
import { session, type Session } from "../api/session.ts";

/** Who is signed in and their roles (see api/session.ts); without sign-in, `auth` is null. */
export const useSession = (): Session => useSyncExternalStore(session.subscribe, session.get);
